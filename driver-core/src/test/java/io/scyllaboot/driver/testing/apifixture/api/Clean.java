package io.scyllaboot.driver.testing.apifixture.api;

import io.scyllaboot.driver.testing.apifixture.internal.Hidden;

/** An API type that uses an internal one only where users cannot see it. */
public class Clean {
  private final Hidden hidden = new Hidden();

  public String describe() {
    return hidden.toString();
  }

  /** Package-private nested classes are not API. */
  static class Helper extends Hidden {}
}
