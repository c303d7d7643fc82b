/*
 * Kotlin extensions of the asynchronous template (reified entity class), under the names Spring Data
 * Cassandra's Kotlin extensions use. `kotlinx.coroutines.future.await()` turns each future into a
 * suspending call.
 */
package io.scyllaboot.spring.core

import io.scyllaboot.driver.api.cql.Statement
import io.scyllaboot.spring.core.query.Query
import io.scyllaboot.spring.core.query.Update
import java.util.concurrent.CompletableFuture
import org.springframework.data.domain.Slice

/** The rows of [cql] (bound to [args]) as [T]s. */
inline fun <reified T : Any> AsyncScyllaOperations.select(
    cql: String,
    vararg args: Any?
): CompletableFuture<List<T>> = select(cql, T::class.java, *args)

/** The rows of [statement] as [T]s. */
inline fun <reified T : Any> AsyncScyllaOperations.select(
    statement: Statement<*>
): CompletableFuture<List<T>> = select(statement, T::class.java)

/** The rows matching [query] as [T]s. */
inline fun <reified T : Any> AsyncScyllaOperations.select(query: Query): CompletableFuture<List<T>> =
    select(query, T::class.java)

/** The first row of [cql] as a [T], or null. */
inline fun <reified T : Any> AsyncScyllaOperations.selectOne(
    cql: String,
    vararg args: Any?
): CompletableFuture<T?> = selectOne(cql, T::class.java, *args)

/** The first row of [statement] as a [T], or null. */
inline fun <reified T : Any> AsyncScyllaOperations.selectOne(
    statement: Statement<*>
): CompletableFuture<T?> = selectOne(statement, T::class.java)

/** The row matching [query] as a [T], or null. */
inline fun <reified T : Any> AsyncScyllaOperations.selectOne(query: Query): CompletableFuture<T?> =
    selectOne(query, T::class.java)

/** One page of the rows of [statement] as [T]s. */
inline fun <reified T : Any> AsyncScyllaOperations.slice(
    statement: Statement<*>
): CompletableFuture<Slice<T>> = slice(statement, T::class.java)

/** One page of the rows matching [query] as [T]s. */
inline fun <reified T : Any> AsyncScyllaOperations.slice(query: Query): CompletableFuture<Slice<T>> =
    slice(query, T::class.java)

/** The entity [T] of primary key [id], or null. */
inline fun <reified T : Any> AsyncScyllaOperations.selectOneById(id: Any): CompletableFuture<T?> =
    selectOneById(id, T::class.java)

/** Whether an entity [T] of primary key [id] exists. */
inline fun <reified T : Any> AsyncScyllaOperations.exists(id: Any): CompletableFuture<Boolean> =
    exists(id, T::class.java)

/** Whether a row of [T] matches [query]. */
inline fun <reified T : Any> AsyncScyllaOperations.exists(query: Query): CompletableFuture<Boolean> =
    exists(query, T::class.java)

/** The number of rows of [T]'s table. */
inline fun <reified T : Any> AsyncScyllaOperations.count(): CompletableFuture<Long> =
    count(T::class.java)

/** The number of rows of [T] matching [query]. */
inline fun <reified T : Any> AsyncScyllaOperations.count(query: Query): CompletableFuture<Long> =
    count(query, T::class.java)

/** Applies [update] to the rows of [T] matching [query]. */
inline fun <reified T : Any> AsyncScyllaOperations.update(
    query: Query,
    update: Update
): CompletableFuture<Boolean> = update(query, update, T::class.java)

/** Deletes the rows of [T] matching [query]. */
inline fun <reified T : Any> AsyncScyllaOperations.delete(query: Query): CompletableFuture<Boolean> =
    delete(query, T::class.java)

/** Deletes the entity [T] of primary key [id]. */
inline fun <reified T : Any> AsyncScyllaOperations.deleteById(id: Any): CompletableFuture<Boolean> =
    deleteById(id, T::class.java)

/** Empties [T]'s table. */
inline fun <reified T : Any> AsyncScyllaOperations.truncate(): CompletableFuture<Void> =
    truncate(T::class.java)
