/** Policies a session can be given: how requests are executed beyond the first attempt. */
@NullMarked
package io.scyllaboot.driver.api.policy;

import org.jspecify.annotations.NullMarked;
