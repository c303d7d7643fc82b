package io.scyllaboot.spring.mapping;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Vector;
import org.springframework.data.mapping.Association;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.model.AnnotationBasedPersistentProperty;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;

/**
 * A mapped property: its column name and its role in the primary key. A property of an {@link
 * Embedded} class is also represented once per embedding, as a column of the embedding entity
 * ({@link #getEmbeddedIn()}), with the embedding's prefix in its column name.
 */
public class ScyllaPersistentProperty
    extends AnnotationBasedPersistentProperty<ScyllaPersistentProperty> {
  private final String columnName;
  private final String cqlName;
  private final SimpleTypeHolder simpleTypeHolder;
  private final @Nullable ScyllaPersistentProperty embeddedIn;
  private final @Nullable ScyllaPersistentProperty embeddedColumn;

  public ScyllaPersistentProperty(
      Property property,
      PersistentEntity<?, ScyllaPersistentProperty> owner,
      SimpleTypeHolder simpleTypeHolder,
      NamingStrategy naming) {
    super(property, owner, simpleTypeHolder);
    this.simpleTypeHolder = simpleTypeHolder;
    this.embeddedIn = null;
    this.embeddedColumn = null;
    this.columnName = explicitName(naming);
    this.cqlName = CqlIdentifiers.cql(columnName);
  }

  /** A column of an embedded class, as the embedding property {@code embeddedIn} stores it. */
  private ScyllaPersistentProperty(
      ScyllaPersistentProperty column, ScyllaPersistentProperty embeddedIn, String prefix) {
    super(column.getProperty(), column.getOwner(), column.simpleTypeHolder);
    this.simpleTypeHolder = column.simpleTypeHolder;
    this.embeddedIn = embeddedIn;
    this.embeddedColumn = column;
    this.columnName = prefix + column.getColumnName();
    this.cqlName = CqlIdentifiers.cql(columnName);
  }

  /**
   * This column of an embedded class as a column of the entity that embeds it through {@code
   * embeddedIn}.
   */
  ScyllaPersistentProperty embeddedAs(ScyllaPersistentProperty embeddedIn, String prefix) {
    return new ScyllaPersistentProperty(this, embeddedIn, prefix);
  }

  /**
   * The {@link Embedded} property of the entity whose column this is, or null for a column of the
   * property's own entity.
   */
  public @Nullable ScyllaPersistentProperty getEmbeddedIn() {
    return embeddedIn;
  }

  /** The column of the embedded class this column stands for, or null when not embedded. */
  public @Nullable ScyllaPersistentProperty getEmbeddedColumn() {
    return embeddedColumn;
  }

  // @Column, else the name of Spring Data Cassandra's key annotations, else the naming strategy.
  private String explicitName(NamingStrategy naming) {
    Column column = findAnnotation(Column.class);
    // An annotation's name is case-sensitive (quotes optional), as in Spring Data Cassandra 3.4.2+.
    if (column != null && !column.value().isEmpty()) {
      return CqlIdentifiers.declared(column.value());
    }
    PrimaryKeyColumn keyColumn = findAnnotation(PrimaryKeyColumn.class);
    if (keyColumn != null && !keyColumn.value().isEmpty()) {
      return CqlIdentifiers.declared(keyColumn.value());
    }
    PrimaryKey key = findAnnotation(PrimaryKey.class);
    if (key != null && !key.value().isEmpty()) {
      return CqlIdentifiers.declared(key.value());
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

  /** The {@link CqlType} the property declares, or null. */
  public @Nullable CqlType getCqlType() {
    return findAnnotation(CqlType.class);
  }

  /** Whether the property is annotated {@link Frozen} (on the property or its type). */
  public boolean isFrozen() {
    return findAnnotation(Frozen.class) != null;
  }

  /** Whether the column is {@code STATIC} ({@code @Column(isStatic = true)}). */
  public boolean isStaticColumn() {
    Column column = findAnnotation(Column.class);
    return column != null && column.isStatic();
  }

  /** The position of a {@link Tuple} class's property ({@link Element}), or -1 without one. */
  public int getElementIndex() {
    Element element = findAnnotation(Element.class);
    return element == null ? -1 : element.value();
  }

  /** The property's {@link Embedded} (also through {@code @Embedded.Nullable}), or null. */
  public @Nullable Embedded getEmbedded() {
    return findAnnotation(Embedded.class);
  }

  /** Whether the property holds an {@link Embedded} object, whose properties are columns. */
  public boolean isEmbedded() {
    return getEmbedded() != null;
  }

  // Embedded columns share the property of their class: the embedding and the name tell them apart.
  @Override
  public boolean equals(Object other) {
    return other instanceof ScyllaPersistentProperty that
        && super.equals(that)
        && columnName.equals(that.columnName)
        && Objects.equals(embeddedIn, that.embeddedIn);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + columnName.hashCode();
  }

  @Override
  protected Association<ScyllaPersistentProperty> createAssociation() {
    return null;
  }
}
