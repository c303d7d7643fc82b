package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.message.Values;

/** Binds an unprepared statement's values by inferring each CQL type from the Java type. */
public final class SimpleValues {
  private SimpleValues() {}

  /**
   * The values of the statement, or null when it has none; a value of an application type goes
   * through the session's mapping codec for it.
   */
  public static Values of(SimpleStatement statement, MappingCodecs mappings) {
    if (statement.valueCount() == 0) {
      return null;
    }
    return Binder.bindInferred(
        statement.query(), statement.values(), CodecRegistry.DEFAULT, mappings);
  }
}
