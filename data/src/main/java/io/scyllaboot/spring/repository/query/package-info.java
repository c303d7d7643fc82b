/** Query methods: derived from their names or given with @Query. */
package io.scyllaboot.spring.repository.query;
