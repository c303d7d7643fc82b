package io.scyllaboot.driver.api.type;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;

/**
 * A text column holding JSON, read and bound as an application type through Jackson 2. Kept apart
 * from {@code ExtraTypeCodecs} so that Jackson, an optional dependency, is loaded only by a session
 * that asks for a JSON codec.
 */
final class JacksonJsonCodec<T> extends MappingCodec<String, T> {
  private final ObjectMapper mapper;
  private final JavaType type;

  JacksonJsonCodec(Class<T> javaType, ObjectMapper mapper) {
    super(String.class, javaType);
    this.mapper = mapper;
    this.type = mapper.constructType(javaType);
  }

  @Override
  protected T innerToOuter(String json) {
    if (json == null || json.isEmpty()) {
      return null;
    }
    try {
      return mapper.readValue(json, type);
    } catch (JsonProcessingException e) {
      // Jackson's message quotes the text: the driver never shows a value, so only its type and
      // where it failed are named, and the cause is not attached.
      throw new IllegalArgumentException(
          "the column's text is not JSON of "
              + type.toCanonical()
              + " ("
              + e.getClass().getName()
              + (e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr())
              + ")");
    }
  }

  @Override
  protected String outerToInner(T value) {
    try {
      return mapper.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
