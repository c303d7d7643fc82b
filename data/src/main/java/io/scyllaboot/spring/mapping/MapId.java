package io.scyllaboot.spring.mapping;

import java.util.Map;

/**
 * A primary key as property name to value, in Spring Data Cassandra's style: the id type of a
 * repository whose entity has its key columns ({@link PrimaryKeyColumn}, {@link PartitionKey},
 * {@link ClusteringColumn}) directly on it. Build one with {@link BasicMapId#id(String, Object)}.
 */
public interface MapId extends Map<String, Object> {

  /** This id with one more key property; returns this id. */
  MapId with(String name, Object value);
}
