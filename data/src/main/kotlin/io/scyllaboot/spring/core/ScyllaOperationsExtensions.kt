/*
 * Kotlin extensions of the blocking template: the entity class comes from a reified type argument
 * (`template.select<Person>(query)`), under the names Spring Data Cassandra's Kotlin extensions use.
 */
package io.scyllaboot.spring.core

import io.scyllaboot.driver.api.cql.Statement
import io.scyllaboot.spring.core.query.Query
import io.scyllaboot.spring.core.query.Update
import java.util.stream.Stream
import org.springframework.data.domain.Slice
import org.springframework.data.domain.Window

/** The table of entity [T]. */
inline fun <reified T : Any> ScyllaOperations.getTableName(): String = getTableName(T::class.java)

/** The rows of [cql] (bound to [args]) as [T]s. */
inline fun <reified T : Any> ScyllaOperations.select(cql: String, vararg args: Any?): List<T> =
    select(cql, T::class.java, *args)

/** The rows of [statement] as [T]s. */
inline fun <reified T : Any> ScyllaOperations.select(statement: Statement<*>): List<T> =
    select(statement, T::class.java)

/** The rows matching [query] as [T]s. */
inline fun <reified T : Any> ScyllaOperations.select(query: Query): List<T> =
    select(query, T::class.java)

/** The rows of [cql] as a lazy stream of [T]s (close it). */
inline fun <reified T : Any> ScyllaOperations.stream(cql: String, vararg args: Any?): Stream<T> =
    stream(cql, T::class.java, *args)

/** The rows of [statement] as a lazy stream of [T]s (close it). */
inline fun <reified T : Any> ScyllaOperations.stream(statement: Statement<*>): Stream<T> =
    stream(statement, T::class.java)

/** The rows matching [query] as a lazy stream of [T]s (close it). */
inline fun <reified T : Any> ScyllaOperations.stream(query: Query): Stream<T> =
    stream(query, T::class.java)

/** The first row of [cql] as a [T], or null without rows. */
inline fun <reified T : Any> ScyllaOperations.selectOne(cql: String, vararg args: Any?): T? =
    selectOne(cql, T::class.java, *args)

/** The first row of [statement] as a [T], or null without rows. */
inline fun <reified T : Any> ScyllaOperations.selectOne(statement: Statement<*>): T? =
    selectOne(statement, T::class.java)

/** The row matching [query] as a [T], or null without rows. */
inline fun <reified T : Any> ScyllaOperations.selectOne(query: Query): T? =
    selectOne(query, T::class.java)

/** One page of the rows of [statement] as [T]s. */
inline fun <reified T : Any> ScyllaOperations.slice(statement: Statement<*>): Slice<T> =
    slice(statement, T::class.java)

/** One page of the rows matching [query] as [T]s. */
inline fun <reified T : Any> ScyllaOperations.slice(query: Query): Slice<T> =
    slice(query, T::class.java)

/** One window of the rows matching [query] as [T]s. */
inline fun <reified T : Any> ScyllaOperations.scroll(query: Query): Window<T> =
    scroll(query, T::class.java)

/** The entity [T] of primary key [id], or null. */
inline fun <reified T : Any> ScyllaOperations.selectOneById(id: Any): T? =
    selectOneById(id, T::class.java)

/** Whether an entity [T] of primary key [id] exists. */
inline fun <reified T : Any> ScyllaOperations.exists(id: Any): Boolean = exists(id, T::class.java)

/** Whether a row of [T] matches [query]. */
inline fun <reified T : Any> ScyllaOperations.exists(query: Query): Boolean =
    exists(query, T::class.java)

/** The number of rows of [T]'s table. */
inline fun <reified T : Any> ScyllaOperations.count(): Long = count(T::class.java)

/** The number of rows of [T] matching [query]. */
inline fun <reified T : Any> ScyllaOperations.count(query: Query): Long =
    count(query, T::class.java)

/** Applies [update] to the rows of [T] matching [query]; whether it was applied. */
inline fun <reified T : Any> ScyllaOperations.update(query: Query, update: Update): Boolean =
    update(query, update, T::class.java)

/** Deletes the rows of [T] matching [query]; whether it was applied. */
inline fun <reified T : Any> ScyllaOperations.delete(query: Query): Boolean =
    delete(query, T::class.java)

/** Deletes the entity [T] of primary key [id]; whether it was applied. */
inline fun <reified T : Any> ScyllaOperations.deleteById(id: Any): Boolean =
    deleteById(id, T::class.java)

/** Empties [T]'s table. */
inline fun <reified T : Any> ScyllaOperations.truncate() = truncate(T::class.java)

/** The fluent select of entity [T]: `template.query<Person>().matching(query).all()`. */
inline fun <reified T : Any> FluentScyllaOperations.query(): ExecutableSelect<T> =
    query(T::class.java)

/**
 * The fluent select returning each row as [R] (an interface projection or a DTO, see
 * [ExecutableSelect.as]): `template.query<Person>().asType<NameOnly>().all()`.
 */
inline fun <reified R : Any> ExecutableSelect<*>.asType(): ExecutableSelect<R> = `as`(R::class.java)

/** The fluent insert of entity [T]. */
inline fun <reified T : Any> FluentScyllaOperations.insert(): ExecutableInsert<T> =
    insert(T::class.java)

/** The fluent update of entity [T]. */
inline fun <reified T : Any> FluentScyllaOperations.update(): ExecutableUpdate<T> =
    update(T::class.java)

/** The fluent delete of entity [T]. */
inline fun <reified T : Any> FluentScyllaOperations.delete(): ExecutableDelete<T> =
    delete(T::class.java)
