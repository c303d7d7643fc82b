package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import io.scyllaboot.spring.mapping.TableOptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.data.core.TypeInformation;

/**
 * The CQL that creates an entity's schema from its mapping: its user-defined types, its table
 * (keys, clustering order, static columns, {@code @TableOptions}, frozen, UDT, tuple and vector
 * types) and the indexes of {@code @Indexed} and {@code @SaiIndexed}. The one place that turns
 * mapping into DDL: schema creation ({@link SchemaCreator}) and the admin template both write their
 * statements with it. Stateless and thread-safe.
 */
public final class EntitySchemaCql {
  private final ScyllaMappingContext mappingContext;
  private final ColumnTypes columnTypes;

  /** A user-defined type an entity needs: its class, its name and its {@code CREATE TYPE}. */
  public record UserType(Class<?> type, String name, String createCql) {}

  public EntitySchemaCql(ScyllaMappingContext mappingContext) {
    this.mappingContext = mappingContext;
    this.columnTypes = new ColumnTypes(mappingContext);
  }

  /**
   * The {@code CREATE TABLE} of an entity under the given name.
   *
   * @param keyspace the keyspace as the server stores it, or null for the session's
   * @param table the table name as the server stores it
   * @param options further {@code WITH} options, name to CQL literal; one of the same name as a
   *     {@code @TableOptions} option replaces it
   * @throws IllegalStateException naming the property or table whose mapping has no CQL form
   */
  public String createTableCql(
      ScyllaPersistentEntity<?> entity,
      boolean ifNotExists,
      @Nullable String keyspace,
      String table,
      Map<String, String> options) {
    List<String> columns = new ArrayList<>();
    List<ScyllaPersistentProperty> key = entity.getPrimaryKey();
    for (ScyllaPersistentProperty property : entity.getColumns()) {
      columns.add(
          property.getCqlName()
              + " "
              + columnTypes.columnType(property, key.contains(property), false, keyspace)
              + (property.isStaticColumn() ? " STATIC" : ""));
    }
    String partition =
        String.join(
            ", ",
            entity.getPartitionKey().stream().map(ScyllaPersistentProperty::getCqlName).toList());
    StringBuilder primaryKey = new StringBuilder("(").append(partition).append(")");
    for (ScyllaPersistentProperty clustering : entity.getClusteringColumns()) {
      primaryKey.append(", ").append(clustering.getCqlName());
    }
    StringBuilder cql =
        new StringBuilder("CREATE TABLE ")
            .append(ifNotExists ? "IF NOT EXISTS " : "")
            .append(ColumnTypes.qualified(keyspace, table))
            .append(" (")
            .append(String.join(", ", columns))
            .append(", PRIMARY KEY (")
            .append(primaryKey)
            .append("))");
    List<String> with = new ArrayList<>();
    if (!entity.getClusteringColumns().isEmpty()) {
      List<String> orders = new ArrayList<>();
      for (ScyllaPersistentProperty clustering : entity.getClusteringColumns()) {
        orders.add(
            clustering.getCqlName()
                + (clustering.getClusteringOrdering() == ClusteringColumn.Ordering.DESC
                    ? " DESC"
                    : " ASC"));
      }
      with.add("CLUSTERING ORDER BY (" + String.join(", ", orders) + ")");
    }
    TableOptions tableOptions = entity.findAnnotation(TableOptions.class);
    if (tableOptions != null) {
      for (String option : SchemaIndexes.tableOptions(entity, tableOptions)) {
        if (!options.containsKey(optionName(option))) {
          with.add(option);
        }
      }
    }
    options.forEach((name, value) -> with.add(name + " = " + value));
    if (!with.isEmpty()) {
      cql.append(" WITH ").append(String.join(" AND ", with));
    }
    return cql.toString();
  }

  /** The name of a {@code name = value} option, lower-cased (CQL option names are). */
  private static String optionName(String option) {
    int equals = option.indexOf('=');
    return (equals < 0 ? option : option.substring(0, equals)).trim().toLowerCase(Locale.ROOT);
  }

  /**
   * The {@code CREATE INDEX IF NOT EXISTS} statements of the entity's indexed columns ({@code
   * Indexed}, {@code SaiIndexed}) on the given table; an index without a name is {@code
   * <table>_<column>_idx}.
   */
  public List<String> createIndexCql(
      ScyllaPersistentEntity<?> entity, @Nullable String keyspace, String table) {
    return SchemaIndexes.createIndexCql(entity, ColumnTypes.qualified(keyspace, table), table);
  }

  /**
   * The user-defined types an entity needs, each once and the inner ones first ({@code CREATE TYPE
   * IF NOT EXISTS}): those of a table's columns, or those of a user-defined type's fields and the
   * type itself.
   *
   * @param keyspace where the types live (the table's keyspace), or null for the session's
   */
  public List<UserType> userTypes(ScyllaPersistentEntity<?> entity, @Nullable String keyspace) {
    Map<Class<?>, UserType> types = new LinkedHashMap<>();
    Set<Class<?>> visited = new HashSet<>();
    if (entity.isTable()) {
      for (ScyllaPersistentProperty property : entity.getColumns()) {
        collect(property.getTypeInformation(), keyspace, types, visited);
      }
    } else {
      collect(entity, keyspace, types, visited);
    }
    return List.copyOf(types.values());
  }

  private void collect(
      TypeInformation<?> type,
      @Nullable String keyspace,
      Map<Class<?>, UserType> types,
      Set<Class<?>> visited) {
    if (type.isCollectionLike() || type.isMap()) {
      if (type.getComponentType() != null) {
        collect(type.getComponentType(), keyspace, types, visited);
      }
      if (type.isMap() && type.getMapValueType() != null) {
        collect(type.getMapValueType(), keyspace, types, visited);
      }
      return;
    }
    Class<?> raw = type.getType();
    if (mappingContext.isSimpleType(raw) || raw.isEnum()) {
      return;
    }
    collect(mappingContext.getRequiredPersistentEntity(raw), keyspace, types, visited);
  }

  private void collect(
      ScyllaPersistentEntity<?> udt,
      @Nullable String keyspace,
      Map<Class<?>, UserType> types,
      Set<Class<?>> visited) {
    if (!visited.add(udt.getType())) {
      return;
    }
    List<String> fields = new ArrayList<>();
    for (ScyllaPersistentProperty field : udt.getColumns()) {
      collect(field.getTypeInformation(), keyspace, types, visited);
      if (!udt.isTuple()) {
        fields.add(
            field.getCqlName() + " " + columnTypes.columnType(field, false, false, keyspace));
      }
    }
    if (udt.isTuple()) {
      // A tuple is no type of its own: the UDTs of its components are.
      return;
    }
    types.put(
        udt.getType(),
        new UserType(
            udt.getType(),
            udt.getTableName(),
            "CREATE TYPE IF NOT EXISTS "
                + ColumnTypes.qualified(keyspace, udt.getTableName())
                + " ("
                + String.join(", ", fields)
                + ")"));
  }
}
