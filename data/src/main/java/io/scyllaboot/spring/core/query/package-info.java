/**
 * Queries without CQL strings, as in Spring Data Cassandra's {@code core.query}: {@link
 * io.scyllaboot.spring.core.query.Query} (criteria, columns, sort, limit, {@code ALLOW FILTERING},
 * paging), {@link io.scyllaboot.spring.core.query.Criteria} and {@link
 * io.scyllaboot.spring.core.query.Update}. The templates render them to CQL whose values are all
 * bind markers, so a query shape is prepared once whatever its values.
 */
package io.scyllaboot.spring.core.query;
