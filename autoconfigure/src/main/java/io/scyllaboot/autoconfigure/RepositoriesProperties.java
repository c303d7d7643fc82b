package io.scyllaboot.autoconfigure;

import io.scyllaboot.spring.repository.query.DerivedQueryCheck;

/** {@code scylla.repositories.*}: repository support. */
public class RepositoriesProperties {
  /** Whether to enable Scylla repositories in the application's packages. */
  private boolean enabled = true;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /**
   * Which repositories to enable: AUTO (blocking ones, and reactive ones when Reactor is present),
   * IMPERATIVE, REACTIVE or NONE.
   */
  private ScyllaProperties.RepositoryType type = ScyllaProperties.RepositoryType.AUTO;

  public ScyllaProperties.RepositoryType getType() {
    return type;
  }

  public void setType(ScyllaProperties.RepositoryType type) {
    this.type = type;
  }

  /**
   * What the start-up check does with a derived query the server would refuse without ALLOW
   * FILTERING (no index serves a column, clustering columns out of order): WARN logs it and the
   * query fails when it runs if still unserved (as in Spring Data Cassandra; an index created after
   * start-up serves it), FAIL fails start-up. Read by the repository factory beans.
   */
  private DerivedQueryCheck derivedQueryCheck = DerivedQueryCheck.WARN;

  public DerivedQueryCheck getDerivedQueryCheck() {
    return derivedQueryCheck;
  }

  public void setDerivedQueryCheck(DerivedQueryCheck derivedQueryCheck) {
    this.derivedQueryCheck = derivedQueryCheck;
  }
}
