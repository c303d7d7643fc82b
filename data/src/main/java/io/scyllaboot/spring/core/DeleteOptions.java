package io.scyllaboot.spring.core;

import org.jspecify.annotations.Nullable;

/**
 * Options of an entity DELETE: those of {@link WriteOptions} (a TTL is ignored), and an optional
 * condition: {@code IF EXISTS} or {@code IF <condition>}.
 */
public final class DeleteOptions extends WriteOptions {
  private static final DeleteOptions EMPTY = builder().build();
  private final boolean ifExists;
  private final @Nullable WriteCondition ifCondition;

  private DeleteOptions(Builder builder) {
    super(builder);
    this.ifExists = builder.ifExists;
    this.ifCondition = builder.ifCondition;
  }

  public static Builder builder() {
    return new Builder();
  }

  public static DeleteOptions empty() {
    return EMPTY;
  }

  /** Whether the delete is {@code IF EXISTS}. */
  public boolean isIfExists() {
    return ifExists;
  }

  /** The {@code IF} condition, or null. */
  public @Nullable WriteCondition getIfCondition() {
    return ifCondition;
  }

  /** Builds {@link DeleteOptions}; {@code ifExists} and {@code ifCondition} exclude each other. */
  public static final class Builder extends WriteOptions.Builder<Builder> {
    private boolean ifExists;
    private @Nullable WriteCondition ifCondition;

    private Builder() {}

    /** Deletes only an existing row ({@code IF EXISTS}). */
    public Builder ifExists(boolean ifExists) {
      this.ifExists = ifExists;
      return this;
    }

    /** Deletes only if the row matches: {@code ifCondition("name = ?", "x")}. */
    public Builder ifCondition(String cql, Object... values) {
      this.ifCondition = new WriteCondition(cql, values);
      return this;
    }

    /**
     * @throws IllegalStateException if both {@code ifExists} and a condition are set
     */
    public DeleteOptions build() {
      Conditions.checkExclusive(ifExists, ifCondition);
      return new DeleteOptions(this);
    }
  }
}
