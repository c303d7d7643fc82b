package io.scyllaboot.autoconfigure.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and key values of request observations. Declare a bean of this type to replace {@link
 * DefaultScyllaObservationConvention} (or extend it to add key values).
 */
public interface ScyllaObservationConvention
    extends ObservationConvention<ScyllaObservationContext> {

  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof ScyllaObservationContext;
  }
}
