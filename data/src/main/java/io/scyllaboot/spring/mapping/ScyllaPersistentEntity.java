package io.scyllaboot.spring.mapping;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.BasicPersistentEntity;

/**
 * A mapped type: a table (annotated {@link Table}), a tuple ({@link Tuple}), or a user-defined type
 * (any other mapped class used as a property; also an {@link Embedded} class). Its column lists are
 * computed once, when the mapping context is done with it, so that reading and writing rows looks
 * nothing up.
 */
public class ScyllaPersistentEntity<T> extends BasicPersistentEntity<T, ScyllaPersistentProperty> {
  private final String tableName;
  private final boolean table;
  private final boolean tuple;
  private final String keyspace;
  private final String qualifiedTableName;
  private List<ScyllaPersistentProperty> partitionKey = List.of();
  private List<ScyllaPersistentProperty> clusteringColumns = List.of();
  private List<ScyllaPersistentProperty> columns = List.of();
  private List<ScyllaPersistentProperty> writableColumns = List.of();
  private Function<Class<?>, ScyllaPersistentEntity<?>> keyClasses;
  private ScyllaPersistentProperty keyClassProperty;
  private ScyllaPersistentEntity<Object> keyClassEntity;
  // Each embedded property with its columns, in the order of its class's columns.
  private Map<ScyllaPersistentProperty, List<ScyllaPersistentProperty>> embedded = Map.of();
  private Map<ScyllaPersistentProperty, ScyllaPersistentEntity<Object>> embeddedEntities = Map.of();

  public ScyllaPersistentEntity(TypeInformation<T> information, NamingStrategy naming) {
    super(information);
    Table annotation = findAnnotation(Table.class);
    UserDefinedType udt = findAnnotation(UserDefinedType.class);
    if (annotation != null && udt != null) {
      throw new IllegalStateException(
          information.getType().getName()
              + " is annotated both @Table and @UserDefinedType: a class is one or the other");
    }
    this.table = annotation != null;
    this.tuple = findAnnotation(Tuple.class) != null;
    if (tuple && (annotation != null || udt != null)) {
      throw new IllegalStateException(
          information.getType().getName()
              + " is annotated @Tuple and @"
              + (annotation != null ? "Table" : "UserDefinedType")
              + ": a class is one or the other");
    }
    String named = annotation != null ? annotation.value() : udt != null ? udt.value() : "";
    this.tableName =
        named.isEmpty()
            ? naming.apply(information.getType().getSimpleName())
            : CqlIdentifiers.declared(named);
    this.keyspace =
        annotation != null && !annotation.keyspace().isEmpty()
            ? CqlIdentifiers.declared(annotation.keyspace())
            : null;
    this.qualifiedTableName =
        keyspace == null
            ? CqlIdentifiers.cql(tableName)
            : CqlIdentifiers.cql(keyspace) + "." + CqlIdentifiers.cql(tableName);
  }

  /**
   * How this entity finds the entity of its {@link PrimaryKeyClass} and of its {@link Embedded}
   * properties, set by the mapping context.
   */
  void setKeyClassResolver(Function<Class<?>, ScyllaPersistentEntity<?>> keyClasses) {
    this.keyClasses = keyClasses;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void verify() {
    super.verify();
    List<ScyllaPersistentProperty> all = new ArrayList<>();
    Map<ScyllaPersistentProperty, List<ScyllaPersistentProperty>> embeddings =
        new LinkedHashMap<>();
    Map<ScyllaPersistentProperty, ScyllaPersistentEntity<Object>> embeddedTypes =
        new LinkedHashMap<>();
    doWithProperties(
        (ScyllaPersistentProperty property) -> {
          if (property.isPrimaryKeyClassProperty() && keyClasses != null) {
            // A @PrimaryKeyClass's columns are this table's key columns, in place of the property.
            keyClassProperty = property;
            keyClassEntity = (ScyllaPersistentEntity<Object>) keyClasses.apply(property.getType());
            keyClassEntity.doWithProperties((ScyllaPersistentProperty key) -> all.add(key));
          } else if (property.isEmbedded() && keyClasses != null) {
            // An embedded class's columns are this entity's, in place of the property.
            List<ScyllaPersistentProperty> columns = embeddedColumns(property);
            embeddings.put(property, columns);
            embeddedTypes.put(
                property, (ScyllaPersistentEntity<Object>) keyClasses.apply(property.getType()));
            all.addAll(columns);
          } else {
            all.add(property);
          }
        });
    this.embedded = Collections.unmodifiableMap(embeddings);
    this.embeddedEntities = Collections.unmodifiableMap(embeddedTypes);
    if (tuple) {
      verifyTuple(all);
      this.columns = List.copyOf(all);
      this.writableColumns = columns;
      return;
    }
    List<ScyllaPersistentProperty> partition = new ArrayList<>();
    List<ScyllaPersistentProperty> clustering = new ArrayList<>();
    for (ScyllaPersistentProperty property : all) {
      if (property.isPartitionKey()) {
        partition.add(property);
      } else if (property.isClusteringColumn()) {
        clustering.add(property);
      }
    }
    if (keyClassProperty != null && partition.isEmpty()) {
      throw new IllegalStateException(
          keyClassProperty.getType().getName()
              + ", the @PrimaryKeyClass of "
              + getType().getName()
              + ", has no partition key column: annotate one with"
              + " @PrimaryKeyColumn(type = PrimaryKeyType.PARTITIONED)");
    }
    if (partition.isEmpty() && getIdProperty() != null) {
      partition.add(getIdProperty());
    }
    partition.sort(Comparator.comparingInt(ScyllaPersistentProperty::getKeyOrdinal));
    clustering.sort(Comparator.comparingInt(ScyllaPersistentProperty::getKeyOrdinal));
    if (table && partition.isEmpty()) {
      throw new IllegalStateException(
          getType().getName()
              + " is a @Table but has no partition key: annotate its key with @PartitionKey (or @Id)");
    }
    // Key columns first, in key order, then the others in declaration order.
    List<ScyllaPersistentProperty> ordered = new ArrayList<>(partition);
    ordered.addAll(clustering);
    for (ScyllaPersistentProperty property : all) {
      if (!ordered.contains(property)) {
        ordered.add(property);
      }
    }
    for (ScyllaPersistentProperty property : all) {
      boolean key = partition.contains(property) || clustering.contains(property);
      if (table && property.isStaticColumn() && (clustering.isEmpty() || key)) {
        throw new IllegalStateException(
            "@Column(isStatic = true) on "
                + property.getOwner().getType().getSimpleName()
                + "."
                + property.getName()
                + ": a static column is a non-key column of a table with clustering columns");
      }
    }
    this.partitionKey = List.copyOf(partition);
    this.clusteringColumns = List.copyOf(clustering);
    this.columns = List.copyOf(ordered);
    // Key columns are always written: a row cannot be addressed without them.
    this.writableColumns =
        ordered.stream()
            .filter(p -> p.isWritable() || partition.contains(p) || clustering.contains(p))
            .toList();
  }

  private List<ScyllaPersistentProperty> embeddedColumns(ScyllaPersistentProperty property) {
    ScyllaPersistentEntity<?> type = keyClasses.apply(property.getType());
    String prefix = property.getEmbedded().prefix();
    List<ScyllaPersistentProperty> columns = new ArrayList<>();
    for (ScyllaPersistentProperty column : type.getColumns()) {
      if (column.isPrimaryKeyColumn() || column.isIdProperty()) {
        throw new IllegalStateException(
            "The @Embedded "
                + getType().getSimpleName()
                + "."
                + property.getName()
                + " holds the key column "
                + type.getType().getSimpleName()
                + "."
                + column.getName()
                + ": an embedded class has no key columns (declare them on the entity)");
      }
      columns.add(column.embeddedAs(property, prefix));
    }
    return List.copyOf(columns);
  }

  // A tuple's components are its properties by @Element position, 0 to n-1.
  private void verifyTuple(List<ScyllaPersistentProperty> all) {
    all.sort(Comparator.comparingInt(ScyllaPersistentProperty::getElementIndex));
    for (int i = 0; i < all.size(); i++) {
      ScyllaPersistentProperty property = all.get(i);
      if (property.getElementIndex() != i) {
        throw new IllegalStateException(
            "The @Tuple "
                + getType().getName()
                + " needs @Element(0) to @Element("
                + (all.size() - 1)
                + ") on its properties, each once: "
                + (property.getElementIndex() < 0
                    ? property.getName() + " has no @Element"
                    : "position " + i + " is " + describePositions(all)));
      }
    }
  }

  private static String describePositions(List<ScyllaPersistentProperty> all) {
    return all.stream().map(p -> p.getName() + "=" + p.getElementIndex()).toList().toString();
  }

  /** Whether this type is a {@link Tuple}: its columns are the components, in order. */
  public boolean isTuple() {
    return tuple;
  }

  /** The {@link Embedded} properties, each with its columns of this entity. */
  public Map<ScyllaPersistentProperty, List<ScyllaPersistentProperty>> getEmbeddedProperties() {
    return embedded;
  }

  /** The entity of an {@link Embedded} property's class (null for another property). */
  public ScyllaPersistentEntity<Object> getEmbeddedEntity(ScyllaPersistentProperty property) {
    return embeddedEntities.get(property);
  }

  /** The table name (or the UDT name), as the server stores it. */
  public String getTableName() {
    return tableName;
  }

  /**
   * The keyspace of {@link Table#keyspace()} as the server stores it, or null for the session's.
   */
  public String getKeyspace() {
    return keyspace;
  }

  /**
   * The table (or type) name as statements write it: {@code keyspace.table}, or the name alone,
   * each part quoted when it needs quotes ({@link CqlIdentifiers#cql(String)}).
   */
  public String getQualifiedTableName() {
    return qualifiedTableName;
  }

  /** Whether this type is a table (else a user-defined type). */
  public boolean isTable() {
    return table;
  }

  public List<ScyllaPersistentProperty> getPartitionKey() {
    return partitionKey;
  }

  public List<ScyllaPersistentProperty> getClusteringColumns() {
    return clusteringColumns;
  }

  /** The primary key columns: partition key, then clustering columns. */
  public List<ScyllaPersistentProperty> getPrimaryKey() {
    List<ScyllaPersistentProperty> key = new ArrayList<>(partitionKey);
    key.addAll(clusteringColumns);
    return key;
  }

  /** Every column: key columns first. */
  public List<ScyllaPersistentProperty> getColumns() {
    return columns;
  }

  /**
   * The columns an INSERT or UPDATE writes, in {@link #getColumns()} order: all but those of
   * {@code @ReadOnlyProperty} properties (read, never written, as in Spring Data Cassandra).
   */
  public List<ScyllaPersistentProperty> getWritableColumns() {
    return writableColumns;
  }

  /**
   * The property holding a {@link PrimaryKeyClass} key, or null. Its key class's properties are in
   * {@link #getColumns()}; read them with {@link #getColumnValue}.
   */
  public ScyllaPersistentProperty getKeyClassProperty() {
    return keyClassProperty;
  }

  /** The entity of the {@link PrimaryKeyClass} key, or null. */
  public ScyllaPersistentEntity<Object> getKeyClassEntity() {
    return keyClassEntity;
  }

  /**
   * The value of one of {@link #getColumns()} in an instance: a key class column through the key
   * object (null when it is null).
   */
  public Object getColumnValue(
      PersistentPropertyAccessor<T> accessor, ScyllaPersistentProperty column) {
    ScyllaPersistentProperty embeddedIn = column.getEmbeddedIn();
    if (embeddedIn != null && embeddedIn.getOwner() == this) {
      Object holder = accessor.getProperty(embeddedIn);
      if (holder == null) {
        return null;
      }
      ScyllaPersistentEntity<Object> type = embeddedEntities.get(embeddedIn);
      return type.getColumnValue(type.getPropertyAccessor(holder), column.getEmbeddedColumn());
    }
    if (keyClassProperty == null || column.getOwner() == this) {
      return accessor.getProperty(column);
    }
    Object key = accessor.getProperty(keyClassProperty);
    return key == null ? null : keyClassEntity.getPropertyAccessor(key).getProperty(column);
  }

  /**
   * The column property a property path names: {@code seq}, or {@code key.seq} through the {@link
   * PrimaryKeyClass} property; null when none.
   */
  public ScyllaPersistentProperty getColumnProperty(String dotPath) {
    int dot = dotPath.indexOf('.');
    if (dot < 0) {
      return getPersistentProperty(dotPath);
    }
    String head = dotPath.substring(0, dot);
    if (keyClassProperty != null && keyClassProperty.getName().equals(head)) {
      return keyClassEntity.getPersistentProperty(dotPath.substring(dot + 1));
    }
    for (Map.Entry<ScyllaPersistentProperty, List<ScyllaPersistentProperty>> entry :
        embedded.entrySet()) {
      if (entry.getKey().getName().equals(head)) {
        ScyllaPersistentProperty inner =
            embeddedEntities.get(entry.getKey()).getColumnProperty(dotPath.substring(dot + 1));
        for (ScyllaPersistentProperty column : entry.getValue()) {
          if (column.getEmbeddedColumn().equals(inner)) {
            return column;
          }
        }
      }
    }
    return null;
  }

  /** The property mapped to a column, or null. */
  public ScyllaPersistentProperty getPropertyByColumn(String column) {
    for (ScyllaPersistentProperty property : columns) {
      if (property.getColumnName().equals(column)) {
        return property;
      }
    }
    return null;
  }
}
