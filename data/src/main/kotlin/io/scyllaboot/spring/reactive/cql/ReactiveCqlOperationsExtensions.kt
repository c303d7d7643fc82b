/*
 * Kotlin extensions of ReactiveCqlOperations (reified result types, lambdas as row mappers), under the
 * names Spring Data Cassandra's Kotlin extensions use.
 */
package io.scyllaboot.spring.reactive.cql

import io.scyllaboot.driver.api.cql.Row
import io.scyllaboot.driver.api.cql.Statement
import io.scyllaboot.spring.cql.RowMapper
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono

/** The single column of exactly one row of [cql] (bound to [args]) as a [T]. */
inline fun <reified T : Any> ReactiveCqlOperations.queryForObject(
    cql: String,
    vararg args: Any
): Mono<T> = queryForObject(cql, T::class.java, *args)

/** Exactly one row of [cql], mapped by [function] (the row and its number). */
fun <T : Any> ReactiveCqlOperations.queryForObject(
    cql: String,
    vararg args: Any,
    function: (Row, Int) -> T
): Mono<T> = queryForObject(cql, RowMapper { row, rowNumber -> function(row, rowNumber) }, *args)

/** The single column of each row of [cql] as [T]s. */
inline fun <reified T : Any> ReactiveCqlOperations.queryForFlux(
    cql: String,
    vararg args: Any
): Flux<T> = queryForFlux(cql, T::class.java, *args)

/** Each row of [cql], mapped by [function] (the row and its number). */
fun <T : Any> ReactiveCqlOperations.query(
    cql: String,
    vararg args: Any,
    function: (Row, Int) -> T
): Flux<T> = query(cql, RowMapper { row, rowNumber -> function(row, rowNumber) }, *args)

/** Each row of [statement], mapped by [function] (the row and its number). */
fun <T : Any> ReactiveCqlOperations.query(statement: Statement<*>, function: (Row, Int) -> T): Flux<T> =
    query(statement, RowMapper { row, rowNumber -> function(row, rowNumber) })
