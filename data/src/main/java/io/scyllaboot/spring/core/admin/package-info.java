/**
 * The admin API: keyspace and table metadata as the server describes it, and create, alter and drop
 * of keyspaces and tables from small specifications ({@link
 * io.scyllaboot.spring.core.admin.ScyllaAdminTemplate}).
 */
@NullMarked
package io.scyllaboot.spring.core.admin;

import org.jspecify.annotations.NullMarked;
