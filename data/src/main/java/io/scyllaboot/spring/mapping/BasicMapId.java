package io.scyllaboot.spring.mapping;

import java.util.LinkedHashMap;
import java.util.Map;

/** A {@link MapId} on a {@link LinkedHashMap}: {@code BasicMapId.id("shop", s).with("seq", 3)}. */
public class BasicMapId extends LinkedHashMap<String, Object> implements MapId {
  private static final long serialVersionUID = 1L;

  public BasicMapId() {}

  public BasicMapId(Map<String, ?> values) {
    super(values);
  }

  /** An id of one key property. */
  public static MapId id(String name, Object value) {
    return new BasicMapId().with(name, value);
  }

  /** An empty id, to fill with {@link #with}. */
  public static MapId id() {
    return new BasicMapId();
  }

  @Override
  public MapId with(String name, Object value) {
    put(name, value);
    return this;
  }
}
