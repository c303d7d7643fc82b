package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ExecutionProfile;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.error.UnknownProfileException;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.internal.cql.NonIdempotentWrites;
import io.scyllaboot.driver.internal.protocol.message.CustomPayloads;
import java.nio.ByteBuffer;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a statement's execution profile, the session's retry policy and its request id generator
 * make of a request. Costs one field read per request for a statement that names no profile, and
 * nothing more while the session has no generator.
 */
final class RequestPolicies {
  private final Map<String, ExecutionProfile> profiles;
  private final RetryPolicy retryPolicy;
  private final @Nullable RequestIdGenerator requestIds;

  RequestPolicies(PolicySettings settings) {
    this.profiles = settings.profiles();
    this.retryPolicy = settings.retry();
    this.requestIds = settings.requestIds();
  }

  /**
   * The statement with the options of the profile it names filled in where it leaves them unset;
   * the statement itself when it names none (the hot path: one field read).
   *
   * @throws UnknownProfileException when the session has no profile of that name
   */
  Statement<?> withProfile(Statement<?> statement) {
    StatementOptions own = statement.options();
    String name = own.profile();
    if (name == null) {
      return statement;
    }
    ExecutionProfile profile = profile(name);
    StatementOptions merged =
        new StatementOptions(
            own.consistency() != null ? own.consistency() : profile.consistency(),
            own.serialConsistency() != null ? own.serialConsistency() : profile.serialConsistency(),
            own.pageSize() > 0 ? own.pageSize() : profile.pageSize(),
            own.pagingState(),
            own.timeout() != null ? own.timeout() : profile.timeout(),
            own.idempotent() != null ? own.idempotent() : profileIdempotence(profile, statement),
            own.tracing(),
            own.timestamp(),
            name,
            own.customPayload(),
            own.node());
    return merged.equals(own) ? statement : statement.withOptions(merged);
  }

  /**
   * A profile's idempotence is a default: like the session's, it never covers an LWT or counter.
   */
  private static Boolean profileIdempotence(ExecutionProfile profile, Statement<?> statement) {
    Boolean idempotent = profile.idempotent();
    return Boolean.TRUE.equals(idempotent) && NonIdempotentWrites.of(statement) ? null : idempotent;
  }

  private ExecutionProfile profile(String name) {
    ExecutionProfile profile = profiles.get(name);
    if (profile == null) {
      throw new UnknownProfileException(name, profiles.keySet());
    }
    return profile;
  }

  /**
   * The data center of the statement's profile ({@link ExecutionProfile#localDatacenter()}), or
   * null for the session's: one field read for a statement without a profile.
   */
  @Nullable String datacenter(Statement<?> statement) {
    String name = statement.options().profile();
    return name == null ? null : profile(name).localDatacenter();
  }

  /** The data centers the session's profiles route to (each node of them gets a pool). */
  static java.util.Set<String> datacenters(Map<String, ExecutionProfile> profiles) {
    java.util.Set<String> datacenters = new java.util.HashSet<>();
    for (ExecutionProfile profile : profiles.values()) {
      if (profile.localDatacenter() != null) {
        datacenters.add(profile.localDatacenter());
      }
    }
    return datacenters;
  }

  /** The retry policy of the statement's profile, else the session's. */
  RetryPolicy retryPolicy(Statement<?> statement) {
    String name = statement.options().profile();
    if (name == null) {
      return retryPolicy;
    }
    RetryPolicy own = profile(name).retryPolicy();
    return own == null ? retryPolicy : own;
  }

  /** The speculative execution policy of the statement's profile, else {@code session}'s. */
  @Nullable SpeculativeExecutionPolicy speculativePolicy(
      Statement<?> statement, @Nullable SpeculativeExecutionPolicy session) {
    String name = statement.options().profile();
    if (name == null) {
      return session;
    }
    SpeculativeExecutionPolicy own = profile(name).speculativeExecution();
    if (own == null) {
      return session;
    }
    return own == SpeculativeExecutionPolicy.NONE ? null : own;
  }

  /**
   * The custom payload a request for this statement carries, encoded: the statement's own, plus a
   * new request id when the session has a generator; null for none. Taken once per request.
   */
  byte @Nullable [] payload(Statement<?> statement) {
    Map<String, ByteBuffer> own = statement.options().customPayload();
    if (requestIds == null) {
      return own.isEmpty() ? null : CustomPayloads.encode(own, null, null);
    }
    return CustomPayloads.encode(own, requestIds.payloadKey(), requestIds.requestId(statement));
  }
}
