/**
 * A local Apache Cassandra node for an application's development and tests: {@link
 * io.scyllaboot.test.WithLocalScyllaNode} on a test class.
 */
package io.scyllaboot.test;
