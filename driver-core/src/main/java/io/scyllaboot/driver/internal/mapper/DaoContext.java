package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.mapper.MapperContext;
import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
import io.scyllaboot.driver.api.metadata.ColumnMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.driver.api.type.CqlStrings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A DAO's session, keyspace and table (null: the session's keyspace, each entity's table), and the
 * entity helpers its methods use, each checked against the schema once when schema validation is
 * on.
 */
final class DaoContext implements MapperContext {
  private static final Logger LOG = LoggerFactory.getLogger(DaoContext.class);

  private final CqlSession session;
  private final @Nullable String keyspace;
  private final @Nullable String table;
  private final boolean validateSchema;
  private final Map<Class<?>, EntityHelper<?>> helpers = new ConcurrentHashMap<>();

  DaoContext(
      CqlSession session,
      @Nullable String keyspace,
      @Nullable String table,
      boolean validateSchema) {
    this.session = session;
    this.keyspace = keyspace;
    this.table = table;
    this.validateSchema = validateSchema;
  }

  @Override
  public CqlSession session() {
    return session;
  }

  @Override
  public @Nullable String keyspace() {
    return keyspace;
  }

  @Override
  public @Nullable String table() {
    return table;
  }

  @SuppressWarnings("unchecked")
  <T> EntityHelper<T> helper(Class<T> entityClass) {
    return (EntityHelper<T>)
        helpers.computeIfAbsent(
            entityClass,
            type -> {
              EntityHelper<?> helper = EntityHelper.of(type, keyspace, table);
              if (validateSchema) {
                validate(helper);
              }
              return helper;
            });
  }

  /**
   * The DataStax mapper's schema validation: an entity mapping columns its table lacks fails when
   * its DAO is built (not at its first statement); a table the schema does not show (no keyspace
   * named, or not created yet) is only logged.
   */
  private void validate(EntityHelper<?> helper) {
    String entity = helper.entityClass().getName();
    if (helper.keyspace() == null) {
      LOG.debug("Not validating {}: no keyspace named (the session's is not known)", entity);
      return;
    }
    Optional<TableMetadata> metadata =
        session
            .metadata()
            .schema()
            .table(
                CqlStrings.unDoubleQuote(helper.keyspace()),
                CqlStrings.unDoubleQuote(helper.table()));
    if (metadata.isEmpty()) {
      LOG.warn(
          "Not validating {}: the schema shows no table {}.{}",
          entity,
          helper.keyspace(),
          helper.table());
      return;
    }
    Set<String> columns =
        metadata.get().columns().stream().map(ColumnMetadata::name).collect(Collectors.toSet());
    List<String> missing =
        helper.columns().stream()
            .map(CqlStrings::unDoubleQuote)
            .filter(c -> !columns.contains(c))
            .toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "table "
              + helper.keyspace()
              + "."
              + helper.table()
              + " has no column "
              + String.join(", ", missing)
              + " that "
              + entity
              + " maps (name it with @CqlName, or turn schema validation off with"
              + " MapperBuilder.withSchemaValidationEnabled(false))");
    }
  }
}
