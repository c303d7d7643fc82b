/** Session callbacks: several statements on one pinned connection. */
@NullMarked
package io.scyllaboot.driver.api.session;

import org.jspecify.annotations.NullMarked;
