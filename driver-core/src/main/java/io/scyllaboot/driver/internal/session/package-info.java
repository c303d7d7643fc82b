/** The session: statement execution, the prepared-statement cache and error mapping. */
@NullMarked
package io.scyllaboot.driver.internal.session;

import org.jspecify.annotations.NullMarked;
