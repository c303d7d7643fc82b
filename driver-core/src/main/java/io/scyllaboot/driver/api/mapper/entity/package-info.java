/**
 * What a query provider builds on: an entity's CQL and its values, through {@link
 * io.scyllaboot.driver.api.mapper.entity.EntityHelper}.
 */
@NullMarked
package io.scyllaboot.driver.api.mapper.entity;

import org.jspecify.annotations.NullMarked;
