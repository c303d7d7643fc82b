/**
 * Entity callbacks (before convert, before save, after convert; blocking and {@code Reactive...})
 * and the application events the templates publish around their writes, reads and deletes.
 */
package io.scyllaboot.spring.core.mapping.event;
