package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.StatementOptions;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The options every entity write shares: TTL, write timestamp, consistency levels, timeout and
 * tracing. Unset options take the session's defaults. Immutable; made by the subclasses' builders.
 */
public abstract class WriteOptions {
  private final @Nullable Duration ttl;
  private final @Nullable Long timestamp;
  private final StatementOptions statementOptions;

  WriteOptions(Builder<?> builder) {
    this.ttl = builder.ttl;
    this.timestamp = builder.timestamp;
    this.statementOptions = builder.options.withTimestamp(builder.timestamp);
  }

  /** The time to live of the written values, or null for none. */
  public @Nullable Duration getTtl() {
    return ttl;
  }

  /** The write timestamp in microseconds since the epoch, or null for the session's. */
  public @Nullable Long getTimestamp() {
    return timestamp;
  }

  /** The options as the driver applies them to the statement. */
  public StatementOptions getStatementOptions() {
    return statementOptions;
  }

  /**
   * The shared part of the builders.
   *
   * @param <B> the concrete builder
   */
  public abstract static class Builder<B extends Builder<B>> {
    private @Nullable Duration ttl;
    private @Nullable Long timestamp;
    private StatementOptions options = StatementOptions.DEFAULTS;

    Builder() {}

    @SuppressWarnings("unchecked")
    private B self() {
      return (B) this;
    }

    /**
     * Values written expire after this time (whole seconds, at least 1; CQL {@code USING TTL}).
     *
     * @throws IllegalArgumentException if shorter than a second
     */
    public B ttl(Duration ttl) {
      Objects.requireNonNull(ttl, "ttl");
      if (ttl.getSeconds() < 1) {
        throw new IllegalArgumentException("ttl must be at least 1 second, was " + ttl);
      }
      this.ttl = ttl;
      return self();
    }

    /** The write timestamp, in microseconds since the epoch. */
    public B timestamp(long micros) {
      this.timestamp = micros;
      return self();
    }

    /** The write timestamp (microsecond precision). */
    public B timestamp(Instant instant) {
      return timestamp(ChronoUnit.MICROS.between(Instant.EPOCH, instant));
    }

    public B consistencyLevel(ConsistencyLevel level) {
      options = options.withConsistency(level);
      return self();
    }

    /** SERIAL or LOCAL_SERIAL, for the {@code IF} of a lightweight transaction. */
    public B serialConsistencyLevel(ConsistencyLevel level) {
      options = options.withSerialConsistency(level);
      return self();
    }

    public B timeout(Duration timeout) {
      options = options.withTimeout(timeout);
      return self();
    }

    /** Asks the server to trace the write (its id: {@code ExecutionInfo.tracingId()}). */
    public B tracing(boolean tracing) {
      options = options.withTracing(tracing);
      return self();
    }

    /** Whether the write may be retried after a failure. */
    public B idempotent(boolean idempotent) {
      options = options.withIdempotent(idempotent);
      return self();
    }

    /**
     * The session's execution profile of this name fills the options left unset here (an unknown
     * name fails the write with {@code UnknownProfileException}).
     */
    public B profile(String name) {
      options = options.withProfile(name);
      return self();
    }
  }
}
