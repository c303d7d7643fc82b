/** {@code @ServiceConnection} factories for Testcontainers' Cassandra and ScyllaDB containers. */
package io.scyllaboot.autoconfigure.testcontainers;
