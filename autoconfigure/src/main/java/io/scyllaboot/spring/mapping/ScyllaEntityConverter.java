package io.scyllaboot.spring.mapping;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.UdtValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.springframework.data.mapping.InstanceCreatorMetadata;
import org.springframework.data.mapping.Parameter;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiator;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.ParameterValueProvider;

/**
 * Converts rows to entities and entities to column values. Instances are created and filled through
 * Spring Data's generated instantiators and property accessors (bytecode, not reflection, per row);
 * UDT properties convert from and to the driver's {@link UdtValue}; enums are stored as their
 * names. Thread-safe.
 */
public class ScyllaEntityConverter {
  private final ScyllaMappingContext mappingContext;
  private final EntityInstantiators instantiators = new EntityInstantiators();

  public ScyllaEntityConverter(ScyllaMappingContext mappingContext) {
    this.mappingContext = mappingContext;
  }

  public ScyllaMappingContext getMappingContext() {
    return mappingContext;
  }

  /** Reads a row into a new instance of a table entity. */
  public <T> T read(ScyllaPersistentEntity<T> entity, Row row) {
    return read(entity, property -> row.getObject(property.getColumnName()));
  }

  private <T> T read(
      ScyllaPersistentEntity<T> entity, Function<ScyllaPersistentProperty, Object> columns) {
    EntityInstantiator instantiator = instantiators.getInstantiatorFor(entity);
    InstanceCreatorMetadata<ScyllaPersistentProperty> creator = entity.getInstanceCreatorMetadata();
    ParameterValueProvider<ScyllaPersistentProperty> parameters =
        new ParameterValueProvider<>() {
          @Override
          @SuppressWarnings("unchecked")
          public <V> V getParameterValue(Parameter<V, ScyllaPersistentProperty> parameter) {
            ScyllaPersistentProperty property =
                entity.getRequiredPersistentProperty(parameter.getName());
            return (V) convertRead(property, columns.apply(property));
          }
        };
    T instance = instantiator.createInstance(entity, parameters);
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    for (ScyllaPersistentProperty property : entity.getColumns()) {
      if (creator != null && creator.isCreatorParameter(property)) {
        continue;
      }
      Object value = convertRead(property, columns.apply(property));
      if (value != null || !property.getType().isPrimitive()) {
        accessor.setProperty(property, value);
      }
    }
    return accessor.getBean();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object convertRead(ScyllaPersistentProperty property, Object value) {
    Class<?> type = property.getType();
    if (value == null) {
      return type.isPrimitive() ? primitiveDefault(type) : null;
    }
    if (value instanceof UdtValue udt && property.isEntity()) {
      ScyllaPersistentEntity<?> nested =
          mappingContext.getRequiredPersistentEntity(property.getActualType());
      return read(nested, field -> udt.get(field.getColumnName()));
    }
    if (type.isEnum() && value instanceof String name) {
      return Enum.valueOf((Class<Enum>) type, name);
    }
    if (value instanceof Number number && !type.isInstance(value)) {
      return convertNumber(number, type);
    }
    return value;
  }

  private static Object primitiveDefault(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == char.class) {
      return '\0';
    }
    return convertNumber(0, type);
  }

  private static Object convertNumber(Number number, Class<?> type) {
    if (type == long.class || type == Long.class) {
      return number.longValue();
    }
    if (type == int.class || type == Integer.class) {
      return number.intValue();
    }
    if (type == short.class || type == Short.class) {
      return number.shortValue();
    }
    if (type == byte.class || type == Byte.class) {
      return number.byteValue();
    }
    if (type == double.class || type == Double.class) {
      return number.doubleValue();
    }
    if (type == float.class || type == Float.class) {
      return number.floatValue();
    }
    return number;
  }

  /** The column values of an entity, by column name, key columns first. */
  public <T> Map<String, Object> write(ScyllaPersistentEntity<T> entity, T instance) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    Map<String, Object> values = new LinkedHashMap<>();
    for (ScyllaPersistentProperty property : entity.getColumns()) {
      values.put(property.getColumnName(), convertWrite(property, accessor.getProperty(property)));
    }
    return values;
  }

  /** A value as the driver binds it: UDT objects as maps of field names, enums as names. */
  @SuppressWarnings("unchecked")
  public Object convertWrite(ScyllaPersistentProperty property, Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof Enum<?> constant) {
      return constant.name();
    }
    if (property != null && property.isEntity() && !(value instanceof UdtValue)) {
      ScyllaPersistentEntity<Object> nested =
          (ScyllaPersistentEntity<Object>)
              mappingContext.getRequiredPersistentEntity(value.getClass());
      return write(nested, value);
    }
    return value;
  }
}
