/** Configuration annotations of the Spring library: {@code @EnableScyllaAuditing}. */
package io.scyllaboot.spring.config;
