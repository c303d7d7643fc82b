/** A pool of connections per node, with lock-free selection and backoff reconnection. */
@NullMarked
package io.scyllaboot.driver.internal.pool;

import org.jspecify.annotations.NullMarked;
