/** Every exception the driver reports: one type per server error code, and the driver's own. */
@NullMarked
package io.scyllaboot.driver.api.error;

import org.jspecify.annotations.NullMarked;
