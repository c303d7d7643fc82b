package io.scyllaboot.spring.mapping;

import java.util.List;
import java.util.function.Consumer;
import org.springframework.data.domain.ManagedTypes;

/**
 * The entity classes known before any repository or template asks for them (found by entity
 * scanning): the mapping context builds their metadata at start-up, schema creation makes their
 * tables, and ahead-of-time processing registers their reflection hints.
 */
public final class ScyllaManagedTypes implements ManagedTypes {
  private final List<Class<?>> types;

  private ScyllaManagedTypes(List<Class<?>> types) {
    this.types = types;
  }

  /** The given entity classes. */
  public static ScyllaManagedTypes from(Class<?>... types) {
    return new ScyllaManagedTypes(List.of(types));
  }

  /** The given entity classes. */
  public static ScyllaManagedTypes fromIterable(Iterable<? extends Class<?>> types) {
    List<Class<?>> list = new java.util.ArrayList<>();
    types.forEach(list::add);
    return new ScyllaManagedTypes(List.copyOf(list));
  }

  /** No entity class known in advance. */
  public static ScyllaManagedTypes empty() {
    return new ScyllaManagedTypes(List.of());
  }

  @Override
  public void forEach(Consumer<Class<?>> action) {
    types.forEach(action);
  }

  @Override
  public List<Class<?>> toList() {
    return types;
  }
}
