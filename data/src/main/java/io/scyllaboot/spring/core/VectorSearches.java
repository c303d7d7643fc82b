package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import io.scyllaboot.spring.mapping.SimilarityFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.ScoringFunction;
import org.springframework.data.domain.SearchResult;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Similarity;

/**
 * Plans a {@link VectorSearch}: {@code SELECT <columns>, similarity_<f>(v, ?) FROM t [WHERE k = ?]
 * ORDER BY v ANN OF ? LIMIT ?}, every value bound (one prepared statement per search shape, through
 * the statement cache), the score read from the last column. The blocking template runs the plan
 * with {@link #search}, the reactive one on its own reactive CQL template.
 */
public final class VectorSearches {
  private final ScyllaEntityConverter converter;

  public VectorSearches(ScyllaEntityConverter converter) {
    this.converter = converter;
  }

  /** A planned search: its CQL, its values, and how to read a row's score. */
  public static final class Plan {
    private final VectorSearch search;
    private final String cql;
    private final Object[] values;
    private final int scoreIndex;
    private final ScoringFunction scoring;

    private Plan(
        VectorSearch search, String cql, Object[] values, int scoreIndex, ScoringFunction scoring) {
      this.search = search;
      this.cql = cql;
      this.values = values;
      this.scoreIndex = scoreIndex;
      this.scoring = scoring;
    }

    public String cql() {
      return cql;
    }

    /** The values of the CQL's markers, in order. */
    public Object[] values() {
      return values.clone();
    }

    /** The row's score, or null when the search's score bounds drop the row. */
    public @Nullable Similarity score(Row row) {
      double score = row.getFloat(scoreIndex);
      return search.accepts(score) ? Similarity.raw(score, scoring) : null;
    }
  }

  /**
   * @throws IllegalArgumentException when the property is not a vector column of the vector's
   *     dimensions, or a restricted name is not a column
   */
  public Plan plan(VectorSearch search, ScyllaPersistentEntity<?> entity) {
    ScyllaPersistentProperty column = column(entity, search.getProperty());
    if (column.getVectorDimensions() < 0) {
      throw new IllegalArgumentException(
          "Vector search on "
              + entity.getType().getSimpleName()
              + "."
              + column.getName()
              + ", which is not a @VectorType property");
    }
    if (search.getVector().size() != column.getVectorDimensions()) {
      throw new IllegalArgumentException(
          "The search vector has "
              + search.getVector().size()
              + " dimensions, but "
              + entity.getType().getSimpleName()
              + "."
              + column.getName()
              + " is a vector<float, "
              + column.getVectorDimensions()
              + ">");
    }
    SimilarityFunction function = function(search.getScoringFunction(), column);
    float[] vector = search.getVector().toFloatArray();
    List<String> selected = new ArrayList<>();
    for (ScyllaPersistentProperty property : entity.getColumns()) {
      selected.add(property.getCqlName());
    }
    StringBuilder cql =
        new StringBuilder("SELECT ")
            .append(String.join(", ", selected))
            .append(", ")
            .append(function.cqlFunction())
            .append('(')
            .append(column.getCqlName())
            .append(", ?) FROM ")
            .append(entity.getQualifiedTableName());
    List<Object> values = new ArrayList<>();
    values.add(vector);
    List<String> predicates = new ArrayList<>();
    for (Map.Entry<String, Object> equality : search.getEqualities().entrySet()) {
      ScyllaPersistentProperty restricted = column(entity, equality.getKey());
      predicates.add(restricted.getCqlName() + " = ?");
      values.add(converter.convertWrite(restricted, equality.getValue()));
    }
    if (!predicates.isEmpty()) {
      cql.append(" WHERE ").append(String.join(" AND ", predicates));
    }
    cql.append(" ORDER BY ").append(column.getCqlName()).append(" ANN OF ? LIMIT ?");
    values.add(vector);
    values.add(search.getLimit());
    return new Plan(
        search, cql.toString(), values.toArray(), selected.size(), function.scoringFunction());
  }

  /** Runs the search on the blocking CQL template, prepared through its cache, with the options. */
  <T> SearchResults<T> search(
      CqlTemplate cqlTemplate,
      VectorSearch search,
      ScyllaPersistentEntity<T> entity,
      RowMapper<T> mapper,
      StatementOptions options) {
    Plan plan = plan(search, entity);
    BoundStatement statement;
    try {
      statement =
          cqlTemplate.getSession().prepare(plan.cql()).bind(plan.values).withOptions(options);
    } catch (RuntimeException e) {
      throw cqlTemplate.getExceptionTranslator().toRuntime("search", plan.cql(), e);
    }
    List<SearchResult<T>> rows =
        cqlTemplate.query(
            statement,
            (row, rowNumber) -> {
              Similarity score = plan.score(row);
              return score == null
                  ? null
                  : new SearchResult<>(mapper.mapRow(row, rowNumber), score);
            });
    List<SearchResult<T>> kept = new ArrayList<>(rows.size());
    for (SearchResult<T> row : rows) {
      if (row != null) {
        kept.add(row);
      }
    }
    return new SearchResults<>(kept);
  }

  /** The function asked for, else the column's index's, else the server's default (cosine). */
  private static SimilarityFunction function(
      ScoringFunction asked, ScyllaPersistentProperty column) {
    if (asked != null && asked != ScoringFunction.unspecified()) {
      return SimilarityFunction.of(asked);
    }
    SaiIndexed index = column.findAnnotation(SaiIndexed.class);
    return index == null ? SimilarityFunction.COSINE : index.similarityFunction();
  }

  private static ScyllaPersistentProperty column(ScyllaPersistentEntity<?> entity, String name) {
    ScyllaPersistentProperty property = entity.getColumnProperty(name);
    if (property == null) {
      property = entity.getPropertyByColumn(name);
    }
    if (property == null) {
      throw new IllegalArgumentException(
          entity.getType().getSimpleName() + " has no property or column named '" + name + "'");
    }
    return property;
  }
}
