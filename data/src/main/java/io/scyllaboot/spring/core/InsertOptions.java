package io.scyllaboot.spring.core;

/**
 * Options of an entity INSERT: those of {@link WriteOptions}, {@code IF NOT EXISTS}, and whether
 * null properties are written (as tombstones) or left alone.
 */
public final class InsertOptions extends WriteOptions {
  private static final InsertOptions EMPTY = builder().build();
  private final boolean ifNotExists;
  private final boolean insertNulls;

  private InsertOptions(Builder builder) {
    super(builder);
    this.ifNotExists = builder.ifNotExists;
    this.insertNulls = builder.insertNulls;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Every option at its default: no condition, nulls not written. */
  public static InsertOptions empty() {
    return EMPTY;
  }

  /** Whether the insert is {@code IF NOT EXISTS} (a lightweight transaction). */
  public boolean isIfNotExists() {
    return ifNotExists;
  }

  /** Whether null properties are written as nulls (else left unset, as Spring Data does). */
  public boolean isInsertNulls() {
    return insertNulls;
  }

  /** Builds {@link InsertOptions}. */
  public static final class Builder extends WriteOptions.Builder<Builder> {
    private boolean ifNotExists;
    private boolean insertNulls;

    private Builder() {}

    /** Inserts only if no row has this primary key ({@code IF NOT EXISTS}). */
    public Builder ifNotExists(boolean ifNotExists) {
      this.ifNotExists = ifNotExists;
      return this;
    }

    /** Writes null properties as nulls, deleting what the row held. */
    public Builder insertNulls(boolean insertNulls) {
      this.insertNulls = insertNulls;
      return this;
    }

    public InsertOptions build() {
      return new InsertOptions(this);
    }
  }
}
