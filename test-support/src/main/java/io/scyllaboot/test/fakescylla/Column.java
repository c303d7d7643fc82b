package io.scyllaboot.test.fakescylla;

import io.scyllaboot.driver.api.type.DataType;

/**
 * A column of a primed statement's bind variables or result: its name and CQL type.
 *
 * @param name the column name
 * @param type its CQL type
 */
public record Column(String name, DataType type) {}
