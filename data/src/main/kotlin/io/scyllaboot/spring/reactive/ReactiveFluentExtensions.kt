/*
 * Kotlin extensions of the reactive fluent API: a reified entering point (`query<Person>()`) and
 * suspending or Flow terminals (`awaitOne()`, `flow()` ...), under Spring Data Cassandra's names.
 */
package io.scyllaboot.spring.reactive

import io.scyllaboot.spring.core.EntityWriteResult
import io.scyllaboot.spring.core.WriteResult
import io.scyllaboot.spring.core.query.Update
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.reactive.asFlow
import kotlinx.coroutines.reactive.awaitFirstOrNull
import kotlinx.coroutines.reactive.awaitSingle
import kotlinx.coroutines.reactor.awaitSingleOrNull

/** The fluent select of entity [T]: `template.query<Person>().matching(query).flow()`. */
inline fun <reified T : Any> ReactiveFluentScyllaOperations.query(): ReactiveSelect<T> =
    query(T::class.java)

/** The fluent select returning each row as [R] (see [ReactiveSelect.as]). */
inline fun <reified R : Any> ReactiveSelect<*>.asType(): ReactiveSelect<R> = `as`(R::class.java)

/** The fluent insert of entity [T]. */
inline fun <reified T : Any> ReactiveFluentScyllaOperations.insert(): ReactiveInsert<T> =
    insert(T::class.java)

/** The fluent update of entity [T]. */
inline fun <reified T : Any> ReactiveFluentScyllaOperations.update(): ReactiveUpdate<T> =
    update(T::class.java)

/** The fluent delete of entity [T]. */
inline fun <reified T : Any> ReactiveFluentScyllaOperations.delete(): ReactiveDelete<T> =
    delete(T::class.java)

/**
 * The one matching row; throws [NoSuchElementException] without one and
 * `IncorrectResultSizeDataAccessException` with more.
 */
suspend fun <T : Any> ReactiveSelect<T>.awaitOne(): T = one().awaitSingle()

/** The one matching row, or null; throws `IncorrectResultSizeDataAccessException` with more. */
suspend fun <T : Any> ReactiveSelect<T>.awaitOneOrNull(): T? = one().awaitSingleOrNull()

/** The first matching row; throws [NoSuchElementException] without one. */
suspend fun <T : Any> ReactiveSelect<T>.awaitFirst(): T = first().awaitSingle()

/** The first matching row, or null. */
suspend fun <T : Any> ReactiveSelect<T>.awaitFirstOrNull(): T? = first().awaitFirstOrNull()

/** The number of matching rows. */
suspend fun <T : Any> ReactiveSelect<T>.awaitCount(): Long = count().awaitSingle()

/** Whether a row matches. */
suspend fun <T : Any> ReactiveSelect<T>.awaitExists(): Boolean = exists().awaitSingle()

/** The matching rows as a [Flow] (the query runs when it is collected). */
fun <T : Any> ReactiveSelect<T>.flow(): Flow<T> = all().asFlow()

/** Inserts [entity]; its write result. */
suspend fun <T : Any> ReactiveInsert<T>.oneAndAwait(entity: T): EntityWriteResult<T> =
    one(entity).awaitSingle()

/** Applies [update] to the matching rows; its write result. */
suspend fun <T : Any> ReactiveUpdate<T>.applyAndAwait(update: Update): WriteResult =
    apply(update).awaitSingle()

/** Deletes the matching rows; the write result. */
suspend fun <T : Any> ReactiveDelete<T>.allAndAwait(): WriteResult = all().awaitSingle()
