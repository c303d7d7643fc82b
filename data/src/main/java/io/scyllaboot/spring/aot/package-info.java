/** Ahead-of-time (native image) processing of the mapped entities. */
package io.scyllaboot.spring.aot;
