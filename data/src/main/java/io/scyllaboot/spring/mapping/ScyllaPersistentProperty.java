package io.scyllaboot.spring.mapping;

import org.springframework.data.domain.Vector;
import org.springframework.data.mapping.Association;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.model.AnnotationBasedPersistentProperty;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/** A mapped property: its column name and its role in the primary key. */
public class ScyllaPersistentProperty
    extends AnnotationBasedPersistentProperty<ScyllaPersistentProperty> {
  private final String columnName;
  private final String cqlName;

  public ScyllaPersistentProperty(
      Property property,
      PersistentEntity<?, ScyllaPersistentProperty> owner,
      SimpleTypeHolder simpleTypeHolder,
      NamingStrategy naming) {
    super(property, owner, simpleTypeHolder);
    this.columnName = explicitName(naming);
    this.cqlName = CqlIdentifiers.cql(columnName);
  }

  // @Column, else the name of Spring Data Cassandra's key annotations, else the naming strategy.
  private String explicitName(NamingStrategy naming) {
    Column column = findAnnotation(Column.class);
    // An annotation's name is CQL (folded to lower case unless quoted), as in Spring Data
    // Cassandra.
    if (column != null) {
      return CqlIdentifiers.internal(column.value());
    }
    PrimaryKeyColumn keyColumn = findAnnotation(PrimaryKeyColumn.class);
    if (keyColumn != null && !keyColumn.value().isEmpty()) {
      return CqlIdentifiers.internal(keyColumn.value());
    }
    PrimaryKey key = findAnnotation(PrimaryKey.class);
    if (key != null && !key.value().isEmpty()) {
      return CqlIdentifiers.internal(key.value());
    }
    return naming.apply(getName());
  }

  /**
   * Whether this property holds the entity's composite key: a {@link PrimaryKey} (or {@code @Id})
   * of a {@link PrimaryKeyClass} type, whose properties are the key columns.
   */
  public boolean isPrimaryKeyClassProperty() {
    return isIdProperty() && getType().isAnnotationPresent(PrimaryKeyClass.class);
  }

  /** The column (or UDT field) name, as the server stores it: what rows and UDT values name. */
  public String getColumnName() {
    return columnName;
  }

  /** The column name as statements write it: quoted when it is a reserved word or needs quotes. */
  public String getCqlName() {
    return cqlName;
  }

  public boolean isPartitionKey() {
    if (isAnnotationPresent(PartitionKey.class)) {
      return true;
    }
    PrimaryKeyColumn keyColumn = findAnnotation(PrimaryKeyColumn.class);
    return keyColumn != null && keyColumn.type() == PrimaryKeyType.PARTITIONED;
  }

  public boolean isClusteringColumn() {
    if (isAnnotationPresent(ClusteringColumn.class)) {
      return true;
    }
    PrimaryKeyColumn keyColumn = findAnnotation(PrimaryKeyColumn.class);
    return keyColumn != null && keyColumn.type() == PrimaryKeyType.CLUSTERED;
  }

  public boolean isPrimaryKeyColumn() {
    return isPartitionKey() || isClusteringColumn();
  }

  /** The position in the partition key or among clustering columns. */
  public int getKeyOrdinal() {
    PartitionKey partition = findAnnotation(PartitionKey.class);
    if (partition != null) {
      return partition.value();
    }
    ClusteringColumn clustering = findAnnotation(ClusteringColumn.class);
    if (clustering != null) {
      return clustering.value();
    }
    PrimaryKeyColumn keyColumn = findAnnotation(PrimaryKeyColumn.class);
    return keyColumn == null ? -1 : keyColumn.ordinal();
  }

  public ClusteringColumn.Ordering getClusteringOrdering() {
    ClusteringColumn clustering = findAnnotation(ClusteringColumn.class);
    if (clustering != null) {
      return clustering.ordering();
    }
    PrimaryKeyColumn keyColumn = findAnnotation(PrimaryKeyColumn.class);
    return keyColumn != null && keyColumn.ordering() == Ordering.DESCENDING
        ? ClusteringColumn.Ordering.DESC
        : ClusteringColumn.Ordering.ASC;
  }

  /** The n of a {@link VectorType} column's {@code vector<float, n>}, or -1 for another column. */
  public int getVectorDimensions() {
    VectorType vector = findAnnotation(VectorType.class);
    return vector == null ? -1 : vector.dimensions();
  }

  /**
   * Whether the column is a {@code vector<float, n>} read straight into the {@code float[]} (or
   * Spring Data {@code Vector}) of this property, without boxing each element.
   */
  public boolean readsFloatVector() {
    return getVectorDimensions() > 0
        && (getType() == float[].class || Vector.class.isAssignableFrom(getType()));
  }

  @Override
  protected Association<ScyllaPersistentProperty> createAssociation() {
    return null;
  }
}
