/** The control connection and the topology it reads from the system tables. */
@NullMarked
package io.scyllaboot.driver.internal.metadata;

import org.jspecify.annotations.NullMarked;
