/**
 * Keyspace population from CQL scripts: {@link io.scyllaboot.spring.cql.init.KeyspacePopulator} and
 * {@link io.scyllaboot.spring.cql.init.ResourceKeyspacePopulator}, the counterparts of Spring Data
 * Cassandra's {@code org.springframework.data.cassandra.core.cql.session.init}.
 */
@NullMarked
package io.scyllaboot.spring.cql.init;

import org.jspecify.annotations.NullMarked;
