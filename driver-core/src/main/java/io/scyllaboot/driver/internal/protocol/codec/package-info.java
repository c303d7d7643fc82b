/** Codecs between Java values and the bytes of each CQL type, chosen from the server's metadata. */
@NullMarked
package io.scyllaboot.driver.internal.protocol.codec;

import org.jspecify.annotations.NullMarked;
