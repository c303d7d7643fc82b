package io.scyllaboot.driver.api.cql;

import io.scyllaboot.driver.api.type.DataType;

/** A column of a result, or a bind marker of a prepared statement. */
public record ColumnDefinition(String keyspace, String table, String name, DataType type) {}
