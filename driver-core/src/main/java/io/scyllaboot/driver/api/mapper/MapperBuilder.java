package io.scyllaboot.driver.api.mapper;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.mapper.annotations.Mapper;
import io.scyllaboot.driver.internal.mapper.MapperInvocationHandler;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Builds a {@link Mapper} interface's implementation on a session: {@code MapperBuilder.of(
 * InventoryMapper.class, session).withDefaultKeyspace("inventory").build()}. The DataStax driver
 * generates a builder class per mapper at compile time; this one reads the annotations at run time.
 *
 * @param <M> the mapper interface
 */
public final class MapperBuilder<M> {
  private final Class<M> mapperInterface;
  private final CqlSession session;
  private @Nullable String defaultKeyspace;
  private boolean validateSchema = true;

  private MapperBuilder(Class<M> mapperInterface, CqlSession session) {
    this.mapperInterface = Objects.requireNonNull(mapperInterface, "mapper interface");
    this.session = Objects.requireNonNull(session, "session");
  }

  /** A builder of the mapper interface (annotated {@link Mapper}) on this session. */
  public static <M> MapperBuilder<M> of(Class<M> mapperInterface, CqlSession session) {
    return new MapperBuilder<>(mapperInterface, session);
  }

  /**
   * The keyspace of the DAOs whose factory method names none ({@code null}, the default: the
   * session's keyspace, as the CQL leaves the tables unqualified).
   */
  public MapperBuilder<M> withDefaultKeyspace(@Nullable String keyspace) {
    this.defaultKeyspace = keyspace;
    return this;
  }

  /**
   * Whether a DAO checks, when it is built, that the tables of its entities have every column they
   * map (on by default, as in the DataStax mapper): a missing column is an {@link
   * IllegalArgumentException} naming it. A table the schema does not show, or an entity on the
   * session's keyspace (none named), is not checked.
   */
  public MapperBuilder<M> withSchemaValidationEnabled(boolean enabled) {
    this.validateSchema = enabled;
    return this;
  }

  /**
   * The mapper. Its DAOs check their methods when first handed out: a method the mapper cannot
   * implement is an {@link IllegalArgumentException} naming it.
   *
   * @throws IllegalArgumentException when the interface is not annotated {@link Mapper}
   */
  public M build() {
    return MapperInvocationHandler.mapper(
        mapperInterface, session, defaultKeyspace, validateSchema);
  }
}
