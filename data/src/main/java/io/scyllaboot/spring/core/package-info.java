/**
 * The entity template ({@link io.scyllaboot.spring.core.ScyllaTemplate}), its write options and
 * results, and batches of entity writes.
 */
package io.scyllaboot.spring.core;
