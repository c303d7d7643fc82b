package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.ExecutionProfile;

/**
 * {@code scylla.profiles.<name>.*}: an execution profile, the options a statement takes when it
 * names the profile ({@code withProfile("name")}, or {@code @Consistency(profile = "name")} on a
 * repository method): those of {@code scylla.request.*} that a statement can override, and the
 * profile's own data center. An option left unset is the session's.
 */
public class ProfileProperties extends RequestSettings {
  /**
   * Data center whose nodes coordinate the profile's requests instead of the session's local one
   * (its nodes get pools too); for failing over to another data center by naming this profile.
   */
  private String localDatacenter;

  @Override
  public ExecutionProfile toProfile() {
    return super.toProfile().withLocalDatacenter(localDatacenter);
  }

  public String getLocalDatacenter() {
    return localDatacenter;
  }

  public void setLocalDatacenter(String localDatacenter) {
    if (localDatacenter != null && localDatacenter.isBlank()) {
      throw new IllegalArgumentException("must not be blank");
    }
    this.localDatacenter = localDatacenter;
  }
}
