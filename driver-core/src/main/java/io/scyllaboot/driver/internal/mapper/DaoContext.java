package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.mapper.MapperContext;
import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
import org.jspecify.annotations.Nullable;

/** A DAO's session, keyspace and table (null: the session's keyspace, each entity's table). */
record DaoContext(CqlSession session, @Nullable String keyspace, @Nullable String table)
    implements MapperContext {

  <T> EntityHelper<T> helper(Class<T> entityClass) {
    return EntityHelper.of(entityClass, keyspace, table);
  }
}
