package io.scyllaboot.spring.mapping;

import java.util.Objects;
import org.springframework.data.annotation.PersistenceCreator;

/** Immutable entities for the mapping test and the repository IT. */
public final class ImmutableEntities {
  private ImmutableEntities() {}

  /** Final fields; {@code size} is not a constructor parameter and is set by its wither. */
  @Table("gadgets")
  public static final class Gadget {
    @PartitionKey private final String id;
    private final String label;
    private final int size;

    @PersistenceCreator
    public Gadget(String id, String label) {
      this(id, label, 0);
    }

    private Gadget(String id, String label, int size) {
      this.id = id;
      this.label = label;
      this.size = size;
    }

    public Gadget withSize(int size) {
      return new Gadget(id, label, size);
    }

    public String getId() {
      return id;
    }

    public String getLabel() {
      return label;
    }

    public int getSize() {
      return size;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Gadget that
          && id.equals(that.id)
          && Objects.equals(label, that.label)
          && size == that.size;
    }

    @Override
    public int hashCode() {
      return Objects.hash(id, label, size);
    }
  }

  /** Every field final and set by the only constructor (no setters, no withers). */
  @Table("tags")
  public static final class Tag {
    @PartitionKey private final String name;
    private final long uses;

    public Tag(String name, long uses) {
      this.name = name;
      this.uses = uses;
    }

    public String name() {
      return name;
    }

    public long uses() {
      return uses;
    }
  }

  @Table("notes")
  public record Note(@PartitionKey String id, String text, int stars) {}
}
