package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.error.AlreadyExistsException;
import org.springframework.dao.NonTransientDataAccessResourceException;

/**
 * A CREATE found its keyspace or table already there: the counterpart of Spring Data Cassandra's
 * {@code CassandraSchemaElementExistsException}, in the same Spring category.
 */
public class ScyllaSchemaElementExistsException extends NonTransientDataAccessResourceException {
  private final String keyspace;
  private final String table;

  public ScyllaSchemaElementExistsException(String message, AlreadyExistsException cause) {
    super(message, cause);
    this.keyspace = cause.keyspace();
    this.table = cause.table();
  }

  /** The keyspace that exists, or that holds the table that exists. */
  public String getKeyspace() {
    return keyspace;
  }

  /** The table that exists; empty when the keyspace itself exists. */
  public String getTable() {
    return table;
  }
}
