package io.scyllaboot.spring.core;

import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.List;
import org.springframework.data.domain.Persistable;
import org.springframework.data.mapping.PersistentPropertyAccessor;

/**
 * Whether an entity is new, for repositories' {@code save} and for auditing. As Spring Data decides
 * it (a {@code Persistable}, else the version property, else the {@code @Id}: null, or 0 when
 * primitive); an entity keyed by {@code @PartitionKey}/{@code @ClusteringColumn} with no
 * {@code @Id} is new when a key column is null (or a lone primitive key is 0), where Spring Data
 * would call every such entity new.
 */
public final class ScyllaIsNewStrategy {
  private ScyllaIsNewStrategy() {}

  public static <T> boolean isNew(ScyllaPersistentEntity<T> entity, T bean) {
    if (bean instanceof Persistable<?> || entity.hasVersionProperty() || entity.hasIdProperty()) {
      return entity.isNew(bean);
    }
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(bean);
    List<ScyllaPersistentProperty> key = entity.getPrimaryKey();
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
}
