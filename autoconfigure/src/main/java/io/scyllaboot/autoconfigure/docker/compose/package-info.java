/**
 * Docker Compose service connections for the {@code cassandra} and {@code scylladb/scylla} images.
 */
package io.scyllaboot.autoconfigure.docker.compose;
