/*
 * Kotlin extensions of the reactive template: the entity class comes from a reified type argument
 * (`template.select<Person>(query)`), under the names Spring Data Cassandra's Kotlin extensions use.
 * `kotlinx.coroutines.reactive` (`awaitSingle()`, `asFlow()`) turns the results into coroutines.
 */
package io.scyllaboot.spring.reactive

import io.scyllaboot.driver.api.cql.Statement
import io.scyllaboot.spring.core.query.Query
import io.scyllaboot.spring.core.query.Update
import org.springframework.data.domain.Slice
import org.springframework.data.domain.Window
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono

/** The rows of [cql] (bound to [args]) as [T]s. */
inline fun <reified T : Any> ReactiveScyllaOperations.select(cql: String, vararg args: Any?): Flux<T> =
    select(cql, T::class.java, *args)

/** The rows of [statement] as [T]s. */
inline fun <reified T : Any> ReactiveScyllaOperations.select(statement: Statement<*>): Flux<T> =
    select(statement, T::class.java)

/** The rows matching [query] as [T]s. */
inline fun <reified T : Any> ReactiveScyllaOperations.select(query: Query): Flux<T> =
    select(query, T::class.java)

/** The first row of [cql] as a [T] (empty without rows). */
inline fun <reified T : Any> ReactiveScyllaOperations.selectOne(
    cql: String,
    vararg args: Any?
): Mono<T> = selectOne(cql, T::class.java, *args)

/** The first row of [statement] as a [T] (empty without rows). */
inline fun <reified T : Any> ReactiveScyllaOperations.selectOne(statement: Statement<*>): Mono<T> =
    selectOne(statement, T::class.java)

/** The row matching [query] as a [T] (empty without rows). */
inline fun <reified T : Any> ReactiveScyllaOperations.selectOne(query: Query): Mono<T> =
    selectOne(query, T::class.java)

/** One page of the rows of [statement] as [T]s. */
inline fun <reified T : Any> ReactiveScyllaOperations.slice(statement: Statement<*>): Mono<Slice<T>> =
    slice(statement, T::class.java)

/** One page of the rows matching [query] as [T]s. */
inline fun <reified T : Any> ReactiveScyllaOperations.slice(query: Query): Mono<Slice<T>> =
    slice(query, T::class.java)

/** One window of the rows matching [query] as [T]s. */
inline fun <reified T : Any> ReactiveScyllaOperations.scroll(query: Query): Mono<Window<T>> =
    scroll(query, T::class.java)

/** The entity [T] of primary key [id] (empty if there is none). */
inline fun <reified T : Any> ReactiveScyllaOperations.selectOneById(id: Any): Mono<T> =
    selectOneById(id, T::class.java)

/** Whether an entity [T] of primary key [id] exists. */
inline fun <reified T : Any> ReactiveScyllaOperations.exists(id: Any): Mono<Boolean> =
    exists(id, T::class.java)

/** Whether a row of [T] matches [query]. */
inline fun <reified T : Any> ReactiveScyllaOperations.exists(query: Query): Mono<Boolean> =
    exists(query, T::class.java)

/** The number of rows of [T]'s table. */
inline fun <reified T : Any> ReactiveScyllaOperations.count(): Mono<Long> = count(T::class.java)

/** The number of rows of [T] matching [query]. */
inline fun <reified T : Any> ReactiveScyllaOperations.count(query: Query): Mono<Long> =
    count(query, T::class.java)

/** Applies [update] to the rows of [T] matching [query]; whether it was applied. */
inline fun <reified T : Any> ReactiveScyllaOperations.update(
    query: Query,
    update: Update
): Mono<Boolean> = update(query, update, T::class.java)

/** Deletes the rows of [T] matching [query]; whether it was applied. */
inline fun <reified T : Any> ReactiveScyllaOperations.delete(query: Query): Mono<Boolean> =
    delete(query, T::class.java)

/** Deletes the entity [T] of primary key [id]; whether it was applied. */
inline fun <reified T : Any> ReactiveScyllaOperations.deleteById(id: Any): Mono<Boolean> =
    deleteById(id, T::class.java)

/** Empties [T]'s table. */
inline fun <reified T : Any> ReactiveScyllaOperations.truncate(): Mono<Void> =
    truncate(T::class.java)
