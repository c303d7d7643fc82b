package io.scyllaboot.spring.mapping;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.domain.Vector;
import org.springframework.data.mapping.InstanceCreatorMetadata;
import org.springframework.data.mapping.Parameter;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiator;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.ParameterValueProvider;
import org.springframework.util.ClassUtils;

/**
 * Converts rows to entities and entities to column values. Instances are created and filled through
 * Spring Data's generated instantiators and property accessors (bytecode, not reflection, per row);
 * UDT properties convert from and to the driver's {@link UdtValue}, {@link Tuple} classes from and
 * to its {@link TupleValue}; {@link Embedded} objects are read from and written to their columns;
 * {@link CqlType} properties are written as their declared type; enums are stored as their names.
 * The mapping context's {@link ScyllaCustomConversions} come first: a value with a writing
 * converter is written as the converter's result, and a driver value with a reading converter to
 * the declared type is read through it. Thread-safe.
 */
public class ScyllaEntityConverter {
  private final ScyllaMappingContext mappingContext;
  private final ScyllaCustomConversions conversions;
  private final DefaultConversionService conversionService = new DefaultConversionService();
  private final EntityInstantiators instantiators = new EntityInstantiators();
  private final Map<ScyllaPersistentEntity<?>, Set<String>> kotlinDefaults =
      new ConcurrentHashMap<>();
  private final DeclaredCqlTypes declaredTypes =
      new DeclaredCqlTypes(conversionService, this::convertWrite);

  /*
   * The converter an application configured for a session (scylla.mapping.*, naming strategy and
   * conversion beans), registered by the auto-configuration for the context's lifetime. Weak keys:
   * a registry must not keep a closed session alive.
   */
  private static final Map<CqlSession, ScyllaEntityConverter> APPLICATION_CONVERTERS =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * Makes {@code converter} the one {@code new ScyllaTemplate(session)} and {@code new
   * ReactiveScyllaTemplate(session)} use for this session, until the returned handle is closed. The
   * auto-configuration registers the application's converter so that a template built on the
   * application's session (as {@code new CassandraTemplate(session)} migrates) maps entities as the
   * application's properties and beans say.
   */
  public static AutoCloseable registerForSession(
      CqlSession session, ScyllaEntityConverter converter) {
    Objects.requireNonNull(session, "session");
    Objects.requireNonNull(converter, "converter");
    APPLICATION_CONVERTERS.put(session, converter);
    return () -> APPLICATION_CONVERTERS.remove(session, converter);
  }

  /**
   * The converter registered for the session by {@link #registerForSession}, else a new one with
   * the default mapping (snake_case names, no custom conversions).
   */
  public static ScyllaEntityConverter forSession(CqlSession session) {
    ScyllaEntityConverter registered = APPLICATION_CONVERTERS.get(session);
    return registered != null ? registered : new ScyllaEntityConverter(new ScyllaMappingContext());
  }

  public ScyllaEntityConverter(ScyllaMappingContext mappingContext) {
    this.mappingContext = mappingContext;
    this.conversions = mappingContext.getCustomConversions();
    conversions.registerConvertersIn(conversionService);
  }

  public ScyllaMappingContext getMappingContext() {
    return mappingContext;
  }

  /**
   * Reads a row into a new instance of a table entity: through the application's {@code Row}
   * reading converter to the entity type when there is one (as Spring Data Cassandra's converter
   * decides), else column by column.
   */
  public <T> T read(ScyllaPersistentEntity<T> entity, Row row) {
    if (hasRowReader(entity.getType())) {
      return readRow(row, entity.getType());
    }
    return read(entity, property -> column(row, property));
  }

  // A float vector property reads the column without boxing its elements.
  private static Object column(Row row, ScyllaPersistentProperty property) {
    return property.readsFloatVector()
        ? row.getFloatVector(property.getColumnName())
        : row.getObject(property.getColumnName());
  }

  /**
   * Reads a row into a mapped class that need not be a table (a DTO or a projection): properties
   * whose column the row lacks stay null (or their constructor default).
   */
  public <T> T readPartial(ScyllaPersistentEntity<T> entity, Row row) {
    if (hasRowReader(entity.getType())) {
      return readRow(row, entity.getType());
    }
    return read(
        entity,
        property ->
            row.columnDefinitions().contains(property.getColumnName())
                ? column(row, property)
                : null);
  }

  /**
   * A driver value as the given type, converted as a property of that type would be (custom reading
   * converters first, then numbers, enums, timestamps...).
   */
  @SuppressWarnings("unchecked")
  public <V> V readValue(Object value, Class<V> type) {
    return (V) convertRead(TypeInformation.of(type), value);
  }

  /** Whether the custom conversions read whole rows into this type (a {@code Row} converter). */
  public boolean hasRowReader(Class<?> type) {
    return conversions.hasCustomReadTarget(Row.class, type);
  }

  /** A whole row through the application's {@code Row} reading converter to this type. */
  public <V> V readRow(Row row, Class<V> type) {
    return conversionService.convert(row, type);
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
            if (property == entity.getKeyClassProperty()) {
              return (V) read(entity.getKeyClassEntity(), columns);
            }
            if (property.isEmbedded()) {
              return (V) readEmbedded(entity, property, columns);
            }
            Object value = columns.apply(property);
            if (value == null
                && kotlinDefaults
                    .computeIfAbsent(entity, KotlinDefaults::of)
                    .contains(parameter.getName())) {
              return null; // the Kotlin instantiator then passes the parameter's default value
            }
            return (V) convertRead(property, value);
          }
        };
    T instance = instantiator.createInstance(entity, parameters);
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    for (ScyllaPersistentProperty property : entity.getColumns()) {
      if (property.getOwner() != entity
          || (creator != null && creator.isCreatorParameter(property))) {
        continue;
      }
      Object value = convertRead(property, columns.apply(property));
      if (value != null || !property.getType().isPrimitive()) {
        accessor.setProperty(property, value);
      }
    }
    ScyllaPersistentProperty key = entity.getKeyClassProperty();
    if (key != null && (creator == null || !creator.isCreatorParameter(key))) {
      // The columns of a @PrimaryKeyClass are read into a new key object.
      accessor.setProperty(key, read(entity.getKeyClassEntity(), columns));
    }
    for (ScyllaPersistentProperty embedded : entity.getEmbeddedProperties().keySet()) {
      if (creator == null || !creator.isCreatorParameter(embedded)) {
        accessor.setProperty(embedded, readEmbedded(entity, embedded, columns));
      }
    }
    return accessor.getBean();
  }

  /**
   * An embedded object from the entity's columns for it: null when they are all null and it is
   * {@code USE_NULL}.
   */
  private Object readEmbedded(
      ScyllaPersistentEntity<?> entity,
      ScyllaPersistentProperty property,
      Function<ScyllaPersistentProperty, Object> columns) {
    List<ScyllaPersistentProperty> embeddedColumns = entity.getEmbeddedProperties().get(property);
    ScyllaPersistentEntity<?> type = entity.getEmbeddedEntity(property);
    if (property.getEmbedded().onEmpty() == Embedded.OnEmpty.USE_NULL
        && embeddedColumns.stream().allMatch(column -> columns.apply(column) == null)) {
      return null;
    }
    // The embedded class's columns are the entity's at the same positions.
    List<ScyllaPersistentProperty> own = type.getColumns();
    return read(type, column -> columns.apply(embeddedColumns.get(own.indexOf(column))));
  }

  private Object convertRead(ScyllaPersistentProperty property, Object value) {
    return convertRead(property.getTypeInformation(), value);
  }

  /**
   * A driver value as the declared type wants it: collections and maps element by element, UDT
   * values as mapped objects, names as enums, {@code timestamp} as {@link Date} or {@link
   * LocalDateTime} (in the mapping context's zone), {@code blob} as {@code byte[]}.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object convertRead(TypeInformation<?> declared, Object value) {
    Class<?> type = declared.getType();
    if (value == null) {
      return type.isPrimitive() ? PropertyNumbers.primitiveDefault(type) : null;
    }
    if (conversions.hasCustomReadTarget(value.getClass(), type)) {
      return conversionService.convert(value, type);
    }
    Object vector = FloatVectors.read(type, value);
    if (vector != null) {
      return vector;
    }
    if (declared.isMap() && value instanceof Map<?, ?> map) {
      TypeInformation<?> keyType = declared.getComponentType();
      TypeInformation<?> valueType = declared.getMapValueType();
      Map<Object, Object> converted = new LinkedHashMap<>(map.size() * 2);
      map.forEach(
          (k, v) ->
              converted.put(
                  keyType == null ? k : convertRead(keyType, k),
                  valueType == null ? v : convertRead(valueType, v)));
      return converted;
    }
    if (declared.isCollectionLike() && type != byte[].class && value instanceof Collection<?> all) {
      TypeInformation<?> elementType = declared.getComponentType();
      Collection<Object> converted =
          Set.class.isAssignableFrom(type)
              ? new LinkedHashSet<>(all.size() * 2)
              : new ArrayList<>(all.size());
      for (Object element : all) {
        converted.add(elementType == null ? element : convertRead(elementType, element));
      }
      return converted;
    }
    if (value instanceof UdtValue udt && !type.isInstance(value)) {
      ScyllaPersistentEntity<?> nested = mappingContext.getRequiredPersistentEntity(type);
      return read(nested, field -> udt.get(field.getColumnName()));
    }
    if (value instanceof TupleValue tuple && !type.isInstance(value)) {
      ScyllaPersistentEntity<?> nested = mappingContext.getRequiredPersistentEntity(type);
      if (!nested.isTuple()) {
        throw new IllegalStateException(
            "A tuple column cannot be read as "
                + type.getName()
                + ": annotate the class @Tuple (and its properties @Element), or use TupleValue");
      }
      return read(nested, component -> tuple.get(component.getElementIndex()));
    }
    if (type.isEnum() && value instanceof String name) {
      return Enum.valueOf((Class<Enum>) type, name);
    }
    if (value instanceof Instant instant) {
      if (type == Date.class) {
        return Date.from(instant);
      }
      if (type == LocalDateTime.class) {
        return LocalDateTime.ofInstant(instant, localDateTimeZone());
      }
    }
    if (type == byte[].class && value instanceof ByteBuffer bytes) {
      byte[] copy = new byte[bytes.remaining()];
      bytes.duplicate().get(copy);
      return copy;
    }
    Class<?> boxed = ClassUtils.resolvePrimitiveIfNecessary(type);
    if (boxed.isInstance(value)) {
      return value;
    }
    if (value instanceof Number number && Number.class.isAssignableFrom(boxed)) {
      return PropertyNumbers.convert(number, type);
    }
    // A column of another type than the property's own, e.g. by @CqlType: an int as a String.
    if (conversionService.canConvert(value.getClass(), boxed)) {
      return conversionService.convert(value, boxed);
    }
    return value;
  }

  private ZoneId localDateTimeZone() {
    ZoneId zone = mappingContext.getLocalDateTimeZone();
    return zone == null ? ZoneId.systemDefault() : zone;
  }

  /**
   * The values of an entity's {@linkplain ScyllaPersistentEntity#getWritableColumns() writable
   * columns}, by column name, key columns first.
   */
  public <T> Map<String, Object> write(ScyllaPersistentEntity<T> entity, T instance) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    Map<String, Object> values = new LinkedHashMap<>();
    for (ScyllaPersistentProperty property : entity.getWritableColumns()) {
      values.put(
          property.getColumnName(),
          convertWrite(property, entity.getColumnValue(accessor, property)));
    }
    return values;
  }

  /**
   * A property's value as the driver binds it: as its {@link CqlType} when it declares one, else
   * see {@link #convertWrite(Object)}.
   *
   * @throws IllegalArgumentException naming the property when the value cannot be converted to its
   *     declared CQL type
   */
  public Object convertWrite(ScyllaPersistentProperty property, Object value) {
    CqlType declared = property.getCqlType();
    return declared == null ? convertWrite(value) : declaredTypes.write(property, declared, value);
  }

  /**
   * The operand of an {@code IN} on the property's column: each element as a value of the property
   * ({@link #convertWrite(ScyllaPersistentProperty, Object)}) when it declares a {@link CqlType},
   * else as {@link #convertWrite(Object)} converts it.
   */
  public Object convertWriteEach(ScyllaPersistentProperty property, Object values) {
    if (property.getCqlType() == null || !(values instanceof Collection<?> elements)) {
      return property.getCqlType() == null ? convertWrite(values) : convertWrite(property, values);
    }
    List<Object> converted = new ArrayList<>(elements.size());
    for (Object element : elements) {
      converted.add(convertWrite(property, element));
    }
    return converted;
  }

  /**
   * A value as the driver binds it: mapped (UDT) objects as maps of field names, enums as names,
   * {@link Date} and {@link LocalDateTime} (in the mapping context's zone) as {@link Instant},
   * {@code byte[]} as a {@link ByteBuffer}; collections and maps element by element.
   */
  @SuppressWarnings("unchecked")
  public Object convertWrite(Object value) {
    if (value == null) {
      return null;
    }
    Optional<Class<?>> target = conversions.getCustomWriteTarget(value.getClass());
    if (target.isPresent() && !target.get().isInstance(value)) {
      return convertWrite(conversionService.convert(value, target.get()));
    }
    if (value instanceof Enum<?> constant) {
      return constant.name();
    }
    if (value instanceof Vector vector) {
      return vector.toFloatArray(); // a copy the codec writes without boxing
    }
    if (value instanceof float[]) {
      return value;
    }
    if (value instanceof Date date) {
      return date.toInstant();
    }
    if (value instanceof LocalDateTime local) {
      return local.atZone(localDateTimeZone()).toInstant();
    }
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> converted = new LinkedHashMap<>(map.size() * 2);
      map.forEach((k, v) -> converted.put(convertWrite(k), convertWrite(v)));
      return converted;
    }
    if (value instanceof Collection<?> all) {
      Collection<Object> converted =
          value instanceof Set<?>
              ? new LinkedHashSet<>(all.size() * 2)
              : new ArrayList<>(all.size());
      for (Object element : all) {
        converted.add(convertWrite(element));
      }
      return converted;
    }
    if (!mappingContext.isSimpleType(value.getClass())) {
      ScyllaPersistentEntity<Object> nested =
          (ScyllaPersistentEntity<Object>)
              mappingContext.getRequiredPersistentEntity(value.getClass());
      return nested.isTuple() ? writeTuple(nested, value) : write(nested, value);
    }
    return value;
  }

  private TupleValue writeTuple(ScyllaPersistentEntity<Object> tuple, Object value) {
    PersistentPropertyAccessor<Object> accessor = tuple.getPropertyAccessor(value);
    List<ScyllaPersistentProperty> components = tuple.getColumns();
    Object[] values = new Object[components.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = convertWrite(components.get(i), accessor.getProperty(components.get(i)));
    }
    return TupleValue.of(values);
  }

  /**
   * The primary key column values, in key order, of a {@link MapId} (or any map) of key property
   * names (or column names) to values.
   *
   * @throws IllegalArgumentException naming the key properties when one is missing
   */
  public Object[] keyValues(ScyllaPersistentEntity<?> entity, Map<?, ?> id) {
    List<ScyllaPersistentProperty> key = entity.getPrimaryKey();
    Object[] values = new Object[key.size()];
    for (int i = 0; i < values.length; i++) {
      ScyllaPersistentProperty property = key.get(i);
      Object value = id.get(property.getName());
      if (value == null) {
        value = id.get(property.getColumnName());
      }
      if (value == null) {
        throw new IllegalArgumentException(
            "The id "
                + id
                + " lacks the key property '"
                + property.getName()
                + "' of "
                + entity.getType().getName()
                + ": a MapId of "
                + entity.getType().getSimpleName()
                + " names every key property "
                + key.stream().map(ScyllaPersistentProperty::getName).toList());
      }
      values[i] = convertWrite(property, value);
    }
    return values;
  }

  /** The primary key of an instance as a {@link MapId} of key property names to values. */
  public <T> MapId mapId(ScyllaPersistentEntity<T> entity, T instance) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    MapId id = new BasicMapId();
    for (ScyllaPersistentProperty property : entity.getPrimaryKey()) {
      id.with(property.getName(), entity.getColumnValue(accessor, property));
    }
    return id;
  }
}
