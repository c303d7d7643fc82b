package io.scyllaboot.driver.api.error;

import java.util.Set;

/**
 * A statement names an execution profile the session does not have ({@code Statement.withProfile}).
 * Raised before anything is sent; the session stays usable.
 */
public class UnknownProfileException extends DriverException {
  private final String profile;

  public UnknownProfileException(String profile, Set<String> known) {
    super(
        "no execution profile '"
            + profile
            + "' in this session; its profiles are "
            + (known.isEmpty() ? "none" : known.stream().sorted().toList())
            + " (CqlSessionBuilder.withProfile, or scylla.profiles."
            + profile
            + ".* with the starter)");
    this.profile = profile;
  }

  /** The name the statement gave. */
  public String profile() {
    return profile;
  }
}
