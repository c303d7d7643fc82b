/**
 * Authentication: the {@link io.scyllaboot.driver.api.auth.AuthProvider} SPI for custom SASL
 * mechanisms and the built-in {@link io.scyllaboot.driver.api.auth.PlainTextAuthProvider}.
 */
@NullMarked
package io.scyllaboot.driver.api.auth;

import org.jspecify.annotations.NullMarked;
