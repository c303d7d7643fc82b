/** The cluster as the driver sees it: nodes and their state. */
@NullMarked
package io.scyllaboot.driver.api.metadata;

import org.jspecify.annotations.NullMarked;
