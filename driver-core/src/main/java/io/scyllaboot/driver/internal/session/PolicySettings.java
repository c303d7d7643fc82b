package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ExecutionProfile;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.internal.cql.MappingCodecs;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The pluggable parts of a session's request path, validated by the builder.
 *
 * @param retry the session's retry policy (a profile may name another)
 * @param profiles the execution profiles by name
 * @param requestIds the request id generator, or null for none
 * @param applicationName sent in STARTUP as {@code APPLICATION_NAME}, or null
 * @param applicationVersion sent in STARTUP as {@code APPLICATION_VERSION}, or null
 * @param codecs the mapping codecs of application types, in registration order
 */
public record PolicySettings(
    RetryPolicy retry,
    Map<String, ExecutionProfile> profiles,
    @Nullable RequestIdGenerator requestIds,
    @Nullable String applicationName,
    @Nullable String applicationVersion,
    MappingCodecs codecs) {

  public static final PolicySettings DEFAULTS =
      new PolicySettings(RetryPolicy.defaults(), Map.of(), null, null, null, MappingCodecs.NONE);

  public PolicySettings {
    profiles = Map.copyOf(profiles);
  }
}
