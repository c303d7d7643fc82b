/**
 * The reactive entity template ({@link io.scyllaboot.spring.reactive.ReactiveScyllaTemplate}, the
 * counterpart of Spring Data Cassandra's {@code ReactiveCassandraTemplate}); needs reactor-core.
 */
package io.scyllaboot.spring.reactive;
