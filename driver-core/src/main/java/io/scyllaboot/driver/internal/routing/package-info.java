/** Murmur3 tokens, the token map and token- and DC-aware query plans. */
@NullMarked
package io.scyllaboot.driver.internal.routing;

import org.jspecify.annotations.NullMarked;
