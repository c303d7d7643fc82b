package io.scyllaboot.driver.testing.apifixture.api;

import io.scyllaboot.driver.testing.apifixture.internal.Hidden;
import java.util.List;
import java.util.function.Supplier;

/** An API type that hands out {@link Hidden} in every way {@code PublicApiRules} checks. */
public class Leaky extends Hidden implements Supplier<Hidden> {
  public Hidden field;

  public Leaky(List<Hidden> fromList) {}

  @Override
  public Hidden get() {
    return new Hidden();
  }

  public <T extends Hidden> void bounded(T value) {}

  /** Uses an internal type in its body only: allowed. */
  public String describe() {
    return new Hidden().toString();
  }

  /** Not visible to users: allowed. */
  Hidden packagePrivate() {
    return new Hidden();
  }
}
