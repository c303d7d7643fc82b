package io.scyllaboot.autoconfigure;

/** {@code scylla.observations.*}: micrometer observations (tracing). */
public class ObservationsProperties {
  /**
   * Whether every request is an observation in the application's ObservationRegistry (a span with
   * tracing): one context and observation per request, hence off by default.
   */
  private boolean enabled;

  /**
   * Whether observations carry the CQL text (never the bound values) as the high-cardinality
   * db.query.text.
   */
  private boolean queryText;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public boolean isQueryText() {
    return queryText;
  }

  public void setQueryText(boolean queryText) {
    this.queryText = queryText;
  }
}
