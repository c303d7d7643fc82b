/** Binding values from prepared metadata, and lazy result pages and rows. */
@NullMarked
package io.scyllaboot.driver.internal.cql;

import org.jspecify.annotations.NullMarked;
