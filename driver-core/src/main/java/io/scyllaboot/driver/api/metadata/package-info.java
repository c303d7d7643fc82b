/**
 * The cluster as the driver sees it: nodes and their state, the schema (keyspaces, tables, views,
 * types, indexes), the token ring, and listeners for schema and node changes.
 */
@NullMarked
package io.scyllaboot.driver.api.metadata;

import org.jspecify.annotations.NullMarked;
