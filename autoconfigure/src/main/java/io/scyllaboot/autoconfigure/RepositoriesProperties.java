package io.scyllaboot.autoconfigure;

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
}
