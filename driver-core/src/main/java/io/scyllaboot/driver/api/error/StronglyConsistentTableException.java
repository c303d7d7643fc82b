package io.scyllaboot.driver.api.error;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * ScyllaDB refused a statement on a strongly consistent table (a keyspace created with {@code
 * consistency = 'global'}: Raft per tablet, ScyllaDB 2026 with the {@code
 * strongly-consistent-tables} feature) because it breaks one of their rules; {@link #rule()} says
 * which. The server sends these as Invalid (0x2200), so this is an {@link InvalidQueryException}:
 * never retried, and the same statement fails again until it is changed.
 *
 * <p>The rules, as ScyllaDB enforces them ({@code cql3/statements/strong_consistency/}): writes use
 * {@code QUORUM} or {@code LOCAL_QUORUM} only; reads use {@code QUORUM} or {@code LOCAL_QUORUM}
 * (linearizable) or {@code ONE} or {@code LOCAL_ONE} (not linearizable: they may miss the latest
 * acknowledged write); every statement targets one partition; no {@code USING TIMESTAMP}; no update
 * that reads before writing (list element operations, for example); a batch targets one partition
 * of one table and is not a counter batch.
 */
public class StronglyConsistentTableException extends InvalidQueryException {

  /** Which rule of strongly consistent tables the statement broke. */
  public enum Rule {
    /** A write at another level than {@code QUORUM} or {@code LOCAL_QUORUM}. */
    WRITE_CONSISTENCY_LEVEL(
        "writes to strongly consistent tables accept only QUORUM or LOCAL_QUORUM"),
    /**
     * A read at another level than {@code QUORUM}, {@code LOCAL_QUORUM}, {@code ONE}, {@code
     * LOCAL_ONE}.
     */
    READ_CONSISTENCY_LEVEL(
        "reads of strongly consistent tables accept only QUORUM or LOCAL_QUORUM (linearizable)"
            + " or ONE or LOCAL_ONE (not linearizable)"),
    /** A statement or batch over more than one partition. */
    SINGLE_PARTITION("statements on strongly consistent tables must target a single partition"),
    /** Any other rule of strongly consistent tables (the server message names it). */
    OTHER("a rule of strongly consistent tables");

    private final String description;

    Rule(String description) {
      this.description = description;
    }

    /** The rule in one sentence. */
    public String description() {
      return description;
    }
  }

  private final Rule rule;

  public StronglyConsistentTableException(String serverMessage, Rule rule) {
    super(serverMessage);
    this.rule = rule;
  }

  /** The rule the statement broke. */
  public Rule rule() {
    return rule;
  }

  @Override
  public String getMessage() {
    return super.getMessage() + " [rule: " + rule.description() + "]";
  }

  /**
   * The typed error for an Invalid message about strongly consistent tables, or null when the
   * message is about something else.
   */
  public static @Nullable StronglyConsistentTableException fromServerMessage(
      @Nullable String serverMessage) {
    String text = serverMessage == null ? "" : serverMessage.toLowerCase(Locale.ROOT);
    if (!text.contains("strongly consistent")) {
      return null;
    }
    Rule rule;
    if (text.contains("consistency level") && text.contains("writes")) {
      rule = Rule.WRITE_CONSISTENCY_LEVEL;
    } else if (text.contains("consistency level") && text.contains("reads")) {
      rule = Rule.READ_CONSISTENCY_LEVEL;
    } else if (text.contains("single partition") || text.contains("same partition")) {
      rule = Rule.SINGLE_PARTITION;
    } else {
      rule = Rule.OTHER;
    }
    return new StronglyConsistentTableException(serverMessage, rule);
  }
}
