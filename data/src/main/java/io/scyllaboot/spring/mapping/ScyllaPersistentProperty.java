package io.scyllaboot.spring.mapping;

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
    Column column = findAnnotation(Column.class);
    // An annotation's name is CQL (folded to lower case unless quoted), as in Spring Data
    // Cassandra.
    this.columnName =
        column != null ? CqlIdentifiers.internal(column.value()) : naming.apply(getName());
    this.cqlName = CqlIdentifiers.cql(columnName);
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
    return isAnnotationPresent(PartitionKey.class);
  }

  public boolean isClusteringColumn() {
    return isAnnotationPresent(ClusteringColumn.class);
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
    return clustering == null ? -1 : clustering.value();
  }

  public ClusteringColumn.Ordering getClusteringOrdering() {
    ClusteringColumn clustering = findAnnotation(ClusteringColumn.class);
    return clustering == null ? ClusteringColumn.Ordering.ASC : clustering.ordering();
  }

  @Override
  protected Association<ScyllaPersistentProperty> createAssociation() {
    return null;
  }
}
