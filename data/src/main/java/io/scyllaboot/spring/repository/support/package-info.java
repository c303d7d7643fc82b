/** The repository implementation, its factory and schema creation. */
package io.scyllaboot.spring.repository.support;
