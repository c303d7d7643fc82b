package io.scyllaboot.spring.core.query;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The assignments of an {@code UPDATE ... SET}, as Spring Data Cassandra's {@code Update}: set a
 * column, an element of a list or a value of a map; increment or decrement a counter; append,
 * prepend or remove list elements; add or remove set elements; put or remove map entries. Names are
 * properties or columns; values are converted as the property's are and always bound to markers.
 * Immutable: every method returns a copy.
 *
 * <pre>{@code
 * Update update = Update.empty().set("name", "Ada").addTo("tags").appendAll("a", "b");
 * template.update(Query.query(where("id").is(id)), update, Person.class);
 * }</pre>
 */
public final class Update {
  private static final Update EMPTY = new Update(List.of());
  private final List<Assignment> assignments;

  /** How an assignment changes its column. */
  public enum Kind {
    /** {@code c = ?} */
    SET,
    /** {@code c[?] = ?}: a list element by index, a map value by key. */
    SET_ELEMENT,
    /** {@code c = c + ?}: a counter increment, list append, set or map addition. */
    ADD,
    /** {@code c = ? + c}: a list prepend. */
    PREPEND,
    /** {@code c = c - ?}: a counter decrement, list or set element removal, map key removal. */
    REMOVE
  }

  /**
   * One assignment.
   *
   * @param name the property or column
   * @param kind how it changes the column
   * @param element the index or map key of a {@link Kind#SET_ELEMENT}, else null
   * @param value the value: for collection kinds a {@code Collection} of elements (map keys for a
   *     removal from a map) or a {@code Map} of entries; for a counter a {@code Long}
   */
  public record Assignment(
      String name, Kind kind, @Nullable Object element, @Nullable Object value) {
    public Assignment {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(kind, "kind");
      if (name.isBlank()) {
        throw new IllegalArgumentException("an update's property name must not be blank");
      }
    }
  }

  private Update(List<Assignment> assignments) {
    this.assignments = assignments;
  }

  /** No assignment yet. */
  public static Update empty() {
    return EMPTY;
  }

  /** {@code name = value}. */
  public static Update update(String name, @Nullable Object value) {
    return EMPTY.set(name, value);
  }

  private Update with(Assignment assignment) {
    List<Assignment> all = new ArrayList<>(assignments);
    all.add(assignment);
    return new Update(List.copyOf(all));
  }

  /** {@code name = value} (null deletes the value). */
  public Update set(String name, @Nullable Object value) {
    return with(new Assignment(name, Kind.SET, null, value));
  }

  /** Starts setting one element of a list or map: {@code set("tags").atIndex(0).to("x")}. */
  public SetElement set(String name) {
    return new SetElement(name);
  }

  /** {@code counter = counter + 1}. */
  public Update increment(String name) {
    return increment(name, 1);
  }

  /** {@code counter = counter + delta}. */
  public Update increment(String name, long delta) {
    return with(new Assignment(name, Kind.ADD, null, delta));
  }

  /** {@code counter = counter - 1}. */
  public Update decrement(String name) {
    return decrement(name, 1);
  }

  /** {@code counter = counter - delta}. */
  public Update decrement(String name, long delta) {
    return with(new Assignment(name, Kind.REMOVE, null, delta));
  }

  /** Starts adding to a collection: {@code addTo("tags").append("x")}. */
  public AddTo addTo(String name) {
    return new AddTo(name);
  }

  /** Starts removing from a collection: {@code removeFrom("tags").value("x")}. */
  public RemoveFrom removeFrom(String name) {
    return new RemoveFrom(name);
  }

  public List<Assignment> getAssignments() {
    return assignments;
  }

  public boolean isEmpty() {
    return assignments.isEmpty();
  }

  @Override
  public String toString() {
    return "Update" + assignments.stream().map(a -> a.name() + " " + a.kind()).toList();
  }

  private static List<Object> list(Collection<?> values) {
    Objects.requireNonNull(values, "values");
    return new ArrayList<>(values);
  }

  /** One element of a list or map column, awaiting its index or key. */
  public final class SetElement {
    private final String name;

    private SetElement(String name) {
      this.name = name;
    }

    /** The list element at this index. */
    public ElementValue atIndex(int index) {
      if (index < 0) {
        throw new IllegalArgumentException("a list index must not be negative, was " + index);
      }
      return new ElementValue(name, index);
    }

    /** The map value at this key. */
    public ElementValue atKey(Object key) {
      return new ElementValue(name, Objects.requireNonNull(key, "key"));
    }
  }

  /** One element of a list or map column, awaiting its value. */
  public final class ElementValue {
    private final String name;
    private final Object element;

    private ElementValue(String name, Object element) {
      this.name = name;
      this.element = element;
    }

    /** {@code name[element] = value}. */
    public Update to(@Nullable Object value) {
      return with(new Assignment(name, Kind.SET_ELEMENT, element, value));
    }
  }

  /** An addition to a list, set or map column. */
  public final class AddTo {
    private final String name;

    private AddTo(String name) {
      this.name = name;
    }

    /** Appends to a list, or adds to a set. */
    public Update append(Object value) {
      return appendAll(List.of(value));
    }

    /** Appends to a list, or adds to a set, in this order. */
    public Update appendAll(Object... values) {
      return appendAll(List.of(values));
    }

    /** Appends to a list, or adds to a set, in this order. */
    public Update appendAll(Collection<?> values) {
      return with(new Assignment(name, Kind.ADD, null, list(values)));
    }

    /** Prepends to a list. */
    public Update prepend(Object value) {
      return prependAll(List.of(value));
    }

    /** Prepends to a list, keeping this order at its head. */
    public Update prependAll(Object... values) {
      return prependAll(List.of(values));
    }

    /** Prepends to a list, keeping this order at its head. */
    public Update prependAll(Collection<?> values) {
      return with(new Assignment(name, Kind.PREPEND, null, list(values)));
    }

    /** Puts an entry into a map. */
    public Update entry(Object key, @Nullable Object value) {
      Map<Object, Object> entry = new LinkedHashMap<>();
      entry.put(Objects.requireNonNull(key, "key"), value);
      return entries(entry);
    }

    /** Puts entries into a map. */
    public Update entries(Map<?, ?> entries) {
      Objects.requireNonNull(entries, "entries");
      return with(new Assignment(name, Kind.ADD, null, new LinkedHashMap<>(entries)));
    }
  }

  /** A removal from a list, set or map column. */
  public final class RemoveFrom {
    private final String name;

    private RemoveFrom(String name) {
      this.name = name;
    }

    /** Removes every occurrence from a list, the element from a set, or the key from a map. */
    public Update value(Object value) {
      return values(List.of(value));
    }

    /** Removes these list or set elements, or these map keys. */
    public Update values(Object... values) {
      return values(List.of(values));
    }

    /** Removes these list or set elements, or these map keys. */
    public Update values(Collection<?> values) {
      return with(new Assignment(name, Kind.REMOVE, null, list(values)));
    }
  }
}
