package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import io.scyllaboot.spring.mapping.Indexed;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.SasiIndexed;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import io.scyllaboot.spring.mapping.TableOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.domain.Vector;

/**
 * The schema statements that annotations on columns ask for: {@code vector<float, n>} column types
 * ({@code @VectorType}), the indexes ({@code @Indexed}, {@code @SaiIndexed}, {@code @SasiIndexed})
 * created after the table, and the table's {@code @TableOptions}.
 */
final class SchemaIndexes {
  private static final String SASI_CLASS = "org.apache.cassandra.index.sasi.SASIIndex";

  private SchemaIndexes() {}

  /**
   * The {@code vector<float, n>} type of a {@code @VectorType} property, or null for another.
   *
   * @throws IllegalStateException naming the property when its Java type cannot hold a float
   *     vector, or when a Spring Data {@code Vector} lacks its dimensions
   */
  static String vectorType(ScyllaPersistentProperty property) {
    int dimensions = property.getVectorDimensions();
    Class<?> type = property.getType();
    if (dimensions < 0) {
      if (Vector.class.isAssignableFrom(type)) {
        throw new IllegalStateException(
            "The Vector property "
                + describe(property)
                + " needs @VectorType(dimensions = n) for its vector<float, n> column");
      }
      return null;
    }
    if (dimensions == 0) {
      throw new IllegalStateException(
          "@VectorType on " + describe(property) + " needs dimensions > 0, not " + dimensions);
    }
    if (type != float[].class
        && !Vector.class.isAssignableFrom(type)
        && !List.class.isAssignableFrom(type)) {
      throw new IllegalStateException(
          "@VectorType on "
              + describe(property)
              + " of type "
              + type.getTypeName()
              + ": a vector<float, n> maps to a float[], a List<Float> or a Spring Data Vector");
    }
    return "vector<float, " + dimensions + ">";
  }

  private static String describe(ScyllaPersistentProperty property) {
    return property.getOwner().getType().getSimpleName() + "." + property.getName();
  }

  /** The CREATE INDEX IF NOT EXISTS statements of the entity's annotated columns. */
  static List<String> createIndexCql(ScyllaPersistentEntity<?> entity) {
    return createIndexCql(entity, entity.getQualifiedTableName(), entity.getTableName());
  }

  /**
   * The same statements on a table of another name ({@code qualifiedTable} as CQL writes it, {@code
   * tableName} as the server stores it, for the default index names).
   */
  static List<String> createIndexCql(
      ScyllaPersistentEntity<?> entity, String qualifiedTable, String tableName) {
    List<String> statements = new ArrayList<>();
    for (ScyllaPersistentProperty property : entity.getColumns()) {
      Indexed secondary = property.findAnnotation(Indexed.class);
      if (secondary != null) {
        statements.add(
            "CREATE INDEX IF NOT EXISTS "
                + indexName(tableName, property, secondary.value())
                + " ON "
                + qualifiedTable
                + " ("
                + property.getCqlName()
                + ")");
      }
      SaiIndexed sai = property.findAnnotation(SaiIndexed.class);
      if (sai != null) {
        statements.add(saiIndexCql(qualifiedTable, tableName, property, sai));
      }
      SasiIndexed sasi = property.findAnnotation(SasiIndexed.class);
      if (sasi != null) {
        statements.add(
            customIndexCql(
                qualifiedTable,
                tableName,
                property,
                sasi.name(),
                SASI_CLASS,
                SasiOptions.of("@SasiIndexed on " + describe(property), sasi)));
      }
    }
    return statements;
  }

  private static String saiIndexCql(
      String qualifiedTable, String tableName, ScyllaPersistentProperty property, SaiIndexed sai) {
    Map<String, String> options = new LinkedHashMap<>();
    if (property.getVectorDimensions() > 0) {
      options.put("similarity_function", sai.similarityFunction().indexOption());
    }
    putOptions(options, "@SaiIndexed on " + describe(property), sai.options());
    return customIndexCql(
        qualifiedTable, tableName, property, sai.name(), "StorageAttachedIndex", options);
  }

  /**
   * Puts {@code "key=value"} options into the map.
   *
   * @throws IllegalStateException naming the annotation and property when one is not key=value
   */
  static void putOptions(Map<String, String> options, String where, String[] declared) {
    for (String option : declared) {
      int equals = option.indexOf('=');
      if (equals <= 0) {
        throw new IllegalStateException(
            where + ": the option '" + option + "' is not of the form key=value");
      }
      options.put(option.substring(0, equals).trim(), option.substring(equals + 1).trim());
    }
  }

  private static String customIndexCql(
      String qualifiedTable,
      String tableName,
      ScyllaPersistentProperty property,
      String declaredName,
      String indexClass,
      Map<String, String> options) {
    StringBuilder cql =
        new StringBuilder("CREATE CUSTOM INDEX IF NOT EXISTS ")
            .append(indexName(tableName, property, declaredName))
            .append(" ON ")
            .append(qualifiedTable)
            .append(" (")
            .append(property.getCqlName())
            .append(") USING ")
            .append(literal(indexClass));
    if (!options.isEmpty()) {
      List<String> pairs = new ArrayList<>();
      options.forEach((key, value) -> pairs.add(literal(key) + ": " + literal(value)));
      cql.append(" WITH OPTIONS = {").append(String.join(", ", pairs)).append('}');
    }
    return cql.toString();
  }

  // An index lives in its table's keyspace: its name is never qualified.
  private static String indexName(
      String tableName, ScyllaPersistentProperty property, String declared) {
    String name =
        declared.isEmpty()
            ? tableName + "_" + property.getColumnName() + "_idx"
            : CqlIdentifiers.internal(declared);
    return CqlIdentifiers.cql(name);
  }

  /**
   * The {@code WITH} options of a {@code @TableOptions} table: comment, default TTL, compaction,
   * then the options written as CQL.
   *
   * @throws IllegalStateException naming the table when a compaction entry is not key=value
   */
  static List<String> tableOptions(ScyllaPersistentEntity<?> entity, TableOptions annotation) {
    List<String> options = new ArrayList<>();
    if (!annotation.comment().isEmpty()) {
      options.add("comment = " + literal(annotation.comment()));
    }
    if (annotation.defaultTimeToLive() >= 0) {
      options.add("default_time_to_live = " + annotation.defaultTimeToLive());
    }
    if (annotation.compaction().length > 0) {
      List<String> pairs = new ArrayList<>();
      for (String entry : annotation.compaction()) {
        int equals = entry.indexOf('=');
        if (equals <= 0) {
          throw new IllegalStateException(
              "@TableOptions on "
                  + entity.getType().getSimpleName()
                  + ": the compaction entry '"
                  + entry
                  + "' is not of the form key=value");
        }
        pairs.add(
            literal(entry.substring(0, equals).trim())
                + ": "
                + literal(entry.substring(equals + 1).trim()));
      }
      options.add("compaction = {" + String.join(", ", pairs) + "}");
    }
    for (String option : annotation.options()) {
      options.add(option.trim());
    }
    return options;
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
