/**
 * Configuration annotations of the Spring library: {@code @EnableScyllaAuditing} and
 * {@code @EnableReactiveScyllaAuditing}.
 */
package io.scyllaboot.spring.config;
