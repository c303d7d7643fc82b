/**
 * Frame encoding and decoding: exactly-sized request frames, and response frames split from the
 * byte stream.
 */
@NullMarked
package io.scyllaboot.driver.internal.protocol.frame;

import org.jspecify.annotations.NullMarked;
