package io.scyllaboot.driver.api.mapper.entity;

import io.scyllaboot.driver.api.mapper.annotations.ClusteringColumn;
import io.scyllaboot.driver.api.mapper.annotations.CqlName;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import io.scyllaboot.driver.api.mapper.annotations.PartitionKey;
import io.scyllaboot.driver.api.mapper.annotations.Transient;
import java.lang.annotation.Annotation;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An entity class read once by reflection: its table and its properties, partition key first, then
 * clustering columns, then the others in the order their fields are declared (a superclass's
 * first).
 */
final class EntityModel<T> {
  private static final ClassValue<EntityModel<?>> MODELS =
      new ClassValue<>() {
        @Override
        protected EntityModel<?> computeValue(Class<?> type) {
          return new EntityModel<>(type);
        }
      };

  /** A column's property: read with its getter, written with its setter or field. */
  record Property(
      String name,
      String column,
      Type type,
      Method getter,
      @Nullable Method setter,
      @Nullable Field field,
      int partitionKey,
      int clustering) {

    boolean inPrimaryKey() {
      return partitionKey >= 0 || clustering >= 0;
    }
  }

  private final Class<T> type;
  private final String table;
  private final Constructor<T> constructor;
  private final List<Property> properties;
  private final List<Property> primaryKey;

  @SuppressWarnings("unchecked")
  static <T> EntityModel<T> of(Class<T> type) {
    return (EntityModel<T>) MODELS.get(type);
  }

  private EntityModel(Class<T> type) {
    if (!type.isAnnotationPresent(Entity.class)) {
      throw new IllegalArgumentException(type.getName() + " is not annotated @Entity");
    }
    this.type = type;
    CqlName name = type.getAnnotation(CqlName.class);
    this.table = name != null ? name.value() : snakeCase(type.getSimpleName());
    try {
      this.constructor = type.getDeclaredConstructor();
      accessible(constructor);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          "entity " + type.getName() + " has no constructor without arguments", e);
    }
    List<Property> all = readProperties(type);
    List<Property> sorted = new ArrayList<>();
    all.stream()
        .filter(p -> p.partitionKey() >= 0)
        .sorted(Comparator.comparingInt(Property::partitionKey))
        .forEach(sorted::add);
    if (sorted.isEmpty()) {
      throw new IllegalArgumentException(
          "entity " + type.getName() + " has no @PartitionKey property");
    }
    all.stream()
        .filter(p -> p.partitionKey() < 0 && p.clustering() >= 0)
        .sorted(Comparator.comparingInt(Property::clustering))
        .forEach(sorted::add);
    this.primaryKey = List.copyOf(sorted);
    all.stream().filter(p -> !p.inPrimaryKey()).forEach(sorted::add);
    this.properties = List.copyOf(sorted);
  }

  Class<T> type() {
    return type;
  }

  String table() {
    return table;
  }

  /** Every property, primary key first. */
  List<Property> properties() {
    return properties;
  }

  /** The partition key's properties, then the clustering columns'. */
  List<Property> primaryKey() {
    return primaryKey;
  }

  T newInstance() {
    try {
      return constructor.newInstance();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "the constructor of " + type.getName() + " failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot construct " + type.getName(), e);
    }
  }

  @Nullable Object read(T entity, Property property) {
    try {
      return property.getter().invoke(entity);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "getter of " + type.getSimpleName() + "." + property.name() + " failed", e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + property.name(), e);
    }
  }

  void write(T entity, Property property, @Nullable Object value) {
    try {
      if (property.setter() != null) {
        property.setter().invoke(entity, value);
      } else if (property.field() != null) {
        property.field().set(entity, value);
      }
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "setter of " + type.getSimpleName() + "." + property.name() + " failed", e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot write " + property.name(), e);
    }
  }

  /** The properties: a getter each, and a setter or a field to write them (else not mapped). */
  private static List<Property> readProperties(Class<?> type) {
    Map<String, Field> fields = new LinkedHashMap<>();
    List<Class<?>> hierarchy = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      hierarchy.add(0, c);
    }
    for (Class<?> c : hierarchy) {
      for (Field field : c.getDeclaredFields()) {
        if (!Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
          fields.putIfAbsent(field.getName(), field);
        }
      }
    }
    Map<String, Method> getters = new LinkedHashMap<>();
    for (Method method : type.getMethods()) {
      String property = propertyOfGetter(method);
      if (property != null) {
        getters.merge(property, method, (a, b) -> a.getName().startsWith("get") ? a : b);
      }
    }
    List<String> names = new ArrayList<>();
    fields.keySet().stream().filter(getters::containsKey).forEach(names::add);
    getters.keySet().stream().filter(n -> !fields.containsKey(n)).sorted().forEach(names::add);
    List<Property> properties = new ArrayList<>();
    for (String name : names) {
      Method getter = getters.get(name);
      Field field = fields.get(name);
      Method setter = setter(type, name, getter.getReturnType());
      if (annotation(getter, field, Transient.class) != null
          || field != null && Modifier.isTransient(field.getModifiers())
          || setter == null && (field == null || Modifier.isFinal(field.getModifiers()))) {
        continue;
      }
      accessible(getter);
      if (setter != null) {
        accessible(setter);
      } else {
        accessible(field);
      }
      CqlName cqlName = annotation(getter, field, CqlName.class);
      PartitionKey partitionKey = annotation(getter, field, PartitionKey.class);
      ClusteringColumn clustering = annotation(getter, field, ClusteringColumn.class);
      properties.add(
          new Property(
              name,
              cqlName != null ? cqlName.value() : snakeCase(name),
              getter.getGenericReturnType(),
              getter,
              setter,
              setter == null ? field : null,
              partitionKey != null ? partitionKey.value() : -1,
              clustering != null ? clustering.value() : -1));
    }
    return properties;
  }

  private static @Nullable String propertyOfGetter(Method method) {
    if (Modifier.isStatic(method.getModifiers())
        || method.getParameterCount() != 0
        || method.getDeclaringClass() == Object.class) {
      return null;
    }
    String name = method.getName();
    if (name.startsWith("get") && name.length() > 3 && method.getReturnType() != void.class) {
      return decapitalize(name.substring(3));
    }
    if (name.startsWith("is")
        && name.length() > 2
        && (method.getReturnType() == boolean.class || method.getReturnType() == Boolean.class)) {
      return decapitalize(name.substring(2));
    }
    return null;
  }

  private static @Nullable Method setter(Class<?> type, String property, Class<?> valueType) {
    String name = "set" + Character.toUpperCase(property.charAt(0)) + property.substring(1);
    for (Method method : type.getMethods()) {
      if (method.getName().equals(name)
          && method.getParameterCount() == 1
          && method.getParameterTypes()[0].isAssignableFrom(valueType)) {
        return method;
      }
    }
    return null;
  }

  private static <A extends Annotation> @Nullable A annotation(
      Method getter, @Nullable Field field, Class<A> annotation) {
    A onGetter = getter.getAnnotation(annotation);
    return onGetter != null || field == null ? onGetter : field.getAnnotation(annotation);
  }

  private static String decapitalize(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  /**
   * {@code createdDate} is {@code created_date}, {@code UserCredentials} {@code user_credentials}.
   */
  static String snakeCase(String name) {
    StringBuilder snake = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0 && !Character.isUpperCase(name.charAt(i - 1))) {
          snake.append('_');
        }
        snake.append(Character.toLowerCase(c));
      } else {
        snake.append(c);
      }
    }
    return snake.toString().toLowerCase(Locale.ROOT);
  }

  private static void accessible(AccessibleObject member) {
    try {
      member.setAccessible(true);
    } catch (RuntimeException e) {
      // A module that does not open the class: public members still work.
    }
  }
}
