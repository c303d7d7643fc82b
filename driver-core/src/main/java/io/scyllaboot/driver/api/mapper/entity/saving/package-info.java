/** How an entity's null properties are written. */
@NullMarked
package io.scyllaboot.driver.api.mapper.entity.saving;

import org.jspecify.annotations.NullMarked;
