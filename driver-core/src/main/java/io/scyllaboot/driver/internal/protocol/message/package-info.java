/** Request and response messages of the native protocol, with their encoders and decoders. */
@NullMarked
package io.scyllaboot.driver.internal.protocol.message;

import org.jspecify.annotations.NullMarked;
