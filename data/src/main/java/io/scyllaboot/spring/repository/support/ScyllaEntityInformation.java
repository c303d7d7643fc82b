package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.core.ScyllaIsNewStrategy;
import org.springframework.data.repository.core.EntityInformation;

/**
 * Spring Data's view of an entity: its type, its id type and how to read an id; the counterpart of
 * Spring Data Cassandra's {@code CassandraEntityInformation}, given to a repository base class.
 */
public final class ScyllaEntityInformation<T, ID> implements EntityInformation<T, ID> {
  private final EntityStatements<T, ID> statements;

  ScyllaEntityInformation(EntityStatements<T, ID> statements) {
    this.statements = statements;
  }

  /** See {@link ScyllaIsNewStrategy}. */
  @Override
  public boolean isNew(T entity) {
    return ScyllaIsNewStrategy.isNew(statements.entity(), entity);
  }

  EntityStatements<T, ID> statements() {
    return statements;
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
