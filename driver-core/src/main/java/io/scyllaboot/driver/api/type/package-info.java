/**
 * CQL data types as the server describes them, and the Java values of durations, tuples and UDTs.
 */
@NullMarked
package io.scyllaboot.driver.api.type;

import org.jspecify.annotations.NullMarked;
