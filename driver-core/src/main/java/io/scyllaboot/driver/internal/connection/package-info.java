/**
 * One connection to a node: stream-id multiplexing, write coalescing and the protocol handshake.
 */
@NullMarked
package io.scyllaboot.driver.internal.connection;

import org.jspecify.annotations.NullMarked;
