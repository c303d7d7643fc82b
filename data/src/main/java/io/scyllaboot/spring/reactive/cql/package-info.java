/**
 * ReactiveCqlTemplate: CQL with Reactor's Mono and Flux, on the driver's asynchronous API (needs
 * reactor-core on the classpath).
 */
@NullMarked
package io.scyllaboot.spring.reactive.cql;

import org.jspecify.annotations.NullMarked;
