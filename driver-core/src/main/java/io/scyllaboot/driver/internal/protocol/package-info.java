/** The CQL native protocol's notations and opcodes; a pure codec layer with no connection state. */
@NullMarked
package io.scyllaboot.driver.internal.protocol;

import org.jspecify.annotations.NullMarked;
