/** Statements, prepared statements, result sets and rows. */
@NullMarked
package io.scyllaboot.driver.api.cql;

import org.jspecify.annotations.NullMarked;
