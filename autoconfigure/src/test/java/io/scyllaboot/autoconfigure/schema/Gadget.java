package io.scyllaboot.autoconfigure.schema;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.util.UUID;

/** An entity with a user-defined type, for the schema action ITs. */
@Table("gadgets")
public record Gadget(@PartitionKey UUID id, String name, Size size) {

  /** Stored as the user-defined type {@code size}. */
  public record Size(int width, int height) {}
}
