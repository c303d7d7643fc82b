/** Spring Boot auto-configuration of the Scylla Boot driver from scylla.* properties. */
package io.scyllaboot.autoconfigure;
