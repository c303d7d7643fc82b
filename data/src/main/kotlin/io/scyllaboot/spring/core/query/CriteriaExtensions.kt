/*
 * Kotlin spellings of the criteria whose Java names are Kotlin keywords (`is`, `in`), under the names
 * Spring Data Cassandra's Kotlin extensions use: `where("age").isEqualTo(42)`.
 */
package io.scyllaboot.spring.core.query

/** The column [columnName], to be given a condition. */
fun where(columnName: String): Criteria.Where = Criteria.where(columnName)

/** `column = value`. */
fun Criteria.Where.isEqualTo(value: Any?): Criteria = `is`(value)

/** `column IN (values)`. */
fun Criteria.Where.inValues(values: Collection<*>): Criteria = `in`(values)

/** `column IN (values)`. */
fun Criteria.Where.inValues(vararg values: Any): Criteria = `in`(*values)
