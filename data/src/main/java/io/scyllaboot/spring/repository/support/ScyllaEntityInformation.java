package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.List;
import org.springframework.data.domain.Persistable;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.repository.core.EntityInformation;

/** Spring Data's view of an entity: its type, its id type and how to read an id. */
final class ScyllaEntityInformation<T, ID> implements EntityInformation<T, ID> {
  private final EntityStatements<T, ID> statements;

  ScyllaEntityInformation(EntityStatements<T, ID> statements) {
    this.statements = statements;
  }

  /**
   * As Spring Data decides it (a {@code Persistable}, else the version property, else the {@code
   * Id}: null, or 0 when primitive). An entity keyed by {@code @PartitionKey}/{@code
   * ClusteringColumn} with no {@code @Id} is new when a key column is null (or a lone primitive key
   * is 0). Saving is an upsert either way; this only informs callers such as auditing.
   */
  @Override
  public boolean isNew(T entity) {
    ScyllaPersistentEntity<T> mapped = statements.entity();
    if (entity instanceof Persistable<?> || mapped.hasVersionProperty() || mapped.hasIdProperty()) {
      return mapped.isNew(entity);
    }
    PersistentPropertyAccessor<T> accessor = mapped.getPropertyAccessor(entity);
    List<ScyllaPersistentProperty> key = mapped.getPrimaryKey();
    for (ScyllaPersistentProperty column : key) {
      Object value = accessor.getProperty(column);
      if (value == null) {
        return true;
      }
      if (key.size() == 1 && column.getType().isPrimitive() && value instanceof Number number) {
        return number.longValue() == 0;
      }
    }
    return false;
  }

  @Override
  public ID getId(T entity) {
    return statements.id(entity);
  }

  @Override
  public Class<ID> getIdType() {
    return statements.idType();
  }

  @Override
  public Class<T> getJavaType() {
    return statements.entity().getType();
  }
}
