package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The tables of a repository's entities as the server describes them, read once (on the first
 * derived query that restricts a column outside the key), for the start-up check of derived
 * queries. Without a server (a test's session), no table is known and only key columns pass.
 */
final class TableSchemas {
  private static final Log logger = LogFactory.getLog(TableSchemas.class);

  private final @Nullable CqlSession session;
  private @Nullable SchemaMetadata schema;
  private boolean read;

  TableSchemas(@Nullable CqlSession session) {
    this.session = session;
  }

  /** The entity's table, or null when the server does not have it or cannot say. */
  synchronized @Nullable TableMetadata table(ScyllaPersistentEntity<?> entity) {
    if (session == null) {
      return null;
    }
    if (!read) {
      read = true;
      try {
        ClusterMetadata metadata = session.metadata();
        schema = metadata == null ? null : metadata.schema();
      } catch (RuntimeException e) {
        logger.debug("No schema for the start-up check of derived queries: " + e);
      }
    }
    String keyspace = entity.getKeyspace() != null ? entity.getKeyspace() : session.keyspace();
    if (schema == null || keyspace == null) {
      return null;
    }
    return schema.table(keyspace, entity.getTableName()).orElse(null);
  }
}
