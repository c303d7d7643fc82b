/** Repositories: the interface to extend, and the annotations of query methods. */
package io.scyllaboot.spring.repository;
