/**
 * Entity callbacks (before convert, before save, after convert) and the application events the
 * template publishes around its writes, reads and deletes.
 */
package io.scyllaboot.spring.core.mapping.event;
