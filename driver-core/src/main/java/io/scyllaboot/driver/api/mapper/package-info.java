/**
 * An object mapper in the DataStax driver's shape, at run time (no annotation processor):
 * {@code @Entity} classes, {@code @Dao} interfaces of {@code @Select}, {@code @Insert},
 * {@code @Update}, {@code @Delete}, {@code @Query} and {@code @QueryProvider} methods, and a
 * {@code @Mapper} interface handing out DAOs, built with {@link
 * io.scyllaboot.driver.api.mapper.MapperBuilder}.
 */
@NullMarked
package io.scyllaboot.driver.api.mapper;

import org.jspecify.annotations.NullMarked;
