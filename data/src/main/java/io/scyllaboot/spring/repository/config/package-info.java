/** Enabling repositories: @EnableScyllaRepositories and its registrar. */
package io.scyllaboot.spring.repository.config;
