/*
 * Kotlin extensions of CqlOperations (reified result types, lambdas as row mappers), under the names
 * Spring Data Cassandra's Kotlin extensions use.
 */
package io.scyllaboot.spring.cql

import io.scyllaboot.driver.api.cql.Row
import io.scyllaboot.driver.api.cql.Statement
import java.util.stream.Stream

/** The single column of exactly one row of [cql] (bound to [args]) as a [T]. */
inline fun <reified T : Any> CqlOperations.queryForObject(cql: String, vararg args: Any): T? =
    queryForObject(cql, T::class.java, *args)

/** The single column of exactly one row of [statement] as a [T]. */
inline fun <reified T : Any> CqlOperations.queryForObject(statement: Statement<*>): T? =
    queryForObject(statement, T::class.java)

/** Exactly one row of [cql], mapped by [function] (the row and its number). */
fun <T : Any> CqlOperations.queryForObject(
    cql: String,
    vararg args: Any,
    function: (Row, Int) -> T
): T? = queryForObject(cql, RowMapper { row, rowNumber -> function(row, rowNumber) }, *args)

/** The single column of each row of [cql] as [T]s. */
inline fun <reified T : Any> CqlOperations.queryForList(cql: String, vararg args: Any): List<T> =
    queryForList(cql, T::class.java, *args)

/** The single column of each row of [statement] as [T]s. */
inline fun <reified T : Any> CqlOperations.queryForList(statement: Statement<*>): List<T> =
    queryForList(statement, T::class.java)

/** Each row of [cql], mapped by [function] (the row and its number). */
fun <T : Any> CqlOperations.query(
    cql: String,
    vararg args: Any,
    function: (Row, Int) -> T
): List<T> = query(cql, RowMapper { row, rowNumber -> function(row, rowNumber) }, *args)

/** Calls [function] with each row of [cql]. */
fun CqlOperations.query(cql: String, vararg args: Any, function: (Row) -> Unit) =
    query(cql, RowCallbackHandler { row -> function(row) }, *args)

/** The rows of [cql] mapped lazily by [function]; close the stream if not consumed. */
fun <T : Any> CqlOperations.queryForStream(
    cql: String,
    vararg args: Any,
    function: (Row, Int) -> T
): Stream<T> = queryForStream(cql, RowMapper { row, rowNumber -> function(row, rowNumber) }, *args)
