/**
 * The {@link io.scyllaboot.test.data.DataScyllaTest} test slice: only the driver, the mapping and
 * the repositories, as Spring Boot's {@code @DataCassandraTest} does for Spring Data Cassandra.
 */
package io.scyllaboot.test.data;
