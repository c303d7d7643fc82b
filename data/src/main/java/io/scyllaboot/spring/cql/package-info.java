/** CqlTemplate and its callbacks: Spring-style CQL access over the Scylla Boot driver. */
@NullMarked
package io.scyllaboot.spring.cql;

import org.jspecify.annotations.NullMarked;
