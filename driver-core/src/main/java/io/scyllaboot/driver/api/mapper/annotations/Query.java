package io.scyllaboot.driver.api.mapper.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the CQL given, its markers bound from the parameters (named markers by parameter name, or in
 * order). {@code ${keyspaceId}}, {@code ${tableId}} and {@code ${qualifiedTableId}} name the
 * returned entity's table. Returns nothing, {@code boolean} (applied), {@code long} (the first
 * column of the first row), {@code Row}, {@code ResultSet}, an entity, {@code Optional}, {@code
 * PagingIterable}, {@code Stream}, or a {@code CompletionStage} of those.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD})
public @interface Query {
  String value();
}
