package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Range;
import org.springframework.data.domain.Score;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Vector;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.RepositoryQuery;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * A derived vector search: {@code SearchResults<T> findTop5BySignatureNear(Vector v, Score
 * minimum)}, or {@code findBySensorAndSignatureNear(String sensor, Vector v, Limit limit)}. Exactly
 * one {@code Near} predicate on a {@code @VectorType} property; the other predicates are equalities
 * (the partition key, or SAI-indexed columns). A {@code Score} parameter keeps the rows scoring at
 * least that much, a {@code Range<Score>} those within it; the limit comes from the method name
 * ({@code Top5}), else a {@code Limit} parameter, else 10. Runs as {@link ScyllaOperations#search};
 * on a reactive repository ({@link ReactiveVectorSearches}) as the reactive template's, declared
 * {@code Mono<SearchResults<T>>} or {@code Flux<SearchResult<T>>}.
 */
final class VectorSearchQuery implements RepositoryQuery {
  private final ScyllaQueryMethod method;
  private final BiFunction<VectorSearch, QueryOptions, Object> run;
  // Reactive repositories (ReactiveVectorSearches): runs a search so that a bad argument is
  // signalled, not thrown at the call; null for blocking ones. Reactor stays out of this class, so
  // that a blocking application without Reactor can load it.
  private final @Nullable Function<Supplier<Object>, Object> deferred;
  private final List<Part> parts = new ArrayList<>();
  private final String nearProperty;
  private final Integer nameLimit;
  // Resolved once: the options index and what the method's annotations set.
  private final int optionsIndex;
  private final StatementOptions annotated;
  private final QueryOptions annotatedOptions;

  VectorSearchQuery(
      ScyllaQueryMethod method, ScyllaPersistentEntity<?> entity, ScyllaOperations template) {
    this(method, entity, blocking(method, entity, template), null);
  }

  VectorSearchQuery(
      ScyllaQueryMethod method,
      ScyllaPersistentEntity<?> entity,
      BiFunction<VectorSearch, QueryOptions, Object> run,
      @Nullable Function<Supplier<Object>, Object> deferred) {
    this.method = method;
    int options = method.getParameters().getOptionsIndex();
    if (options >= 0
        && !QueryOptions.class.isAssignableFrom(
            method.getParameters().getParameter(options).getType())) {
      throw invalid("a vector search reads: it takes QueryOptions, not WriteOptions");
    }
    this.run = run;
    this.deferred = deferred;
    this.optionsIndex = options;
    this.annotated = annotated(method);
    this.annotatedOptions = withoutCallOptions(method, annotated);
    PartTree tree = new PartTree(method.getName(), entity.getType());
    Iterator<PartTree.OrPart> ors = tree.iterator();
    if (ors.hasNext()) {
      ors.next().forEach(parts::add);
      if (ors.hasNext()) {
        throw invalid("CQL has no OR: split the method into one search per alternative");
      }
    }
    String near = null;
    for (Part part : parts) {
      String path = part.getProperty().toDotPath();
      ScyllaPersistentProperty property = entity.getColumnProperty(path);
      if (property == null) {
        throw invalid(entity.getType().getSimpleName() + " has no column property '" + path + "'");
      }
      if (part.getType() == Part.Type.NEAR) {
        if (near != null) {
          throw invalid("a vector search has one Near predicate, this method has more");
        }
        if (property.getVectorDimensions() < 0) {
          throw invalid(
              "Near needs a @VectorType(dimensions = n) property; '" + path + "' is not one");
        }
        near = path;
      } else if (part.getType() != Part.Type.SIMPLE_PROPERTY) {
        throw invalid(
            "besides Near, a vector search takes equalities only (the partition key or SAI-indexed"
                + " columns), not "
                + part.getType()
                + " on '"
                + path
                + "'");
      }
    }
    if (near == null) {
      throw invalid(
          "a method returning SearchResults is a vector search and needs a Near predicate"
              + " (findBy<VectorProperty>Near(Vector vector, ...))");
    }
    this.nearProperty = near;
    this.nameLimit = tree.isLimiting() ? tree.getMaxResults() : null;
  }

  // List<SearchResult<T>> (or another collection): the results one by one, not SearchResults.
  private static BiFunction<VectorSearch, QueryOptions, Object> blocking(
      ScyllaQueryMethod method, ScyllaPersistentEntity<?> entity, ScyllaOperations template) {
    Class<?> domainType = entity.getType();
    boolean many =
        !SearchResults.class.isAssignableFrom(method.getReturnedObjectType())
            && Collection.class.isAssignableFrom(method.getMethod().getReturnType());
    return (search, options) -> {
      SearchResults<?> results = template.search(search, domainType, options);
      return many ? results.getContent() : results;
    };
  }

  private IllegalStateException invalid(String reason) {
    return invalid(method, reason);
  }

  static IllegalStateException invalid(ScyllaQueryMethod method, String reason) {
    return new IllegalStateException("Repository method " + method.describe() + ": " + reason);
  }

  @Override
  public Object execute(Object[] parameters) {
    return deferred == null
        ? run.apply(search(parameters), options(parameters))
        : deferred.apply(() -> run.apply(search(parameters), options(parameters)));
  }

  /**
   * The method's {@code @UseProfile}, {@code @Consistency} and idempotence with the call's {@code
   * QueryOptions} over them, as a derived query's (its {@code @Consistency} stays).
   */
  private QueryOptions options(Object[] parameters) {
    Object given = optionsIndex < 0 ? null : parameters[optionsIndex];
    if (given == null) {
      return annotatedOptions;
    }
    StatementOptions options =
        ScyllaParameterAccessor.merged(annotated, ((QueryOptions) given).getStatementOptions());
    if (method.getConsistency() != null) {
      options = options.withConsistency(method.getConsistency());
    }
    return QueryOptions.of(options);
  }

  /** The annotations' part of {@link #options}, resolved once. */
  private static StatementOptions annotated(ScyllaQueryMethod method) {
    StatementOptions annotated = StatementOptions.DEFAULTS;
    if (method.getProfile() != null) {
      annotated = annotated.withProfile(method.getProfile());
    }
    if (method.getIdempotent() != null) {
      annotated = annotated.withIdempotent(method.getIdempotent());
    }
    return annotated;
  }

  /** The options of a call that passes none: the annotations' with the method's consistency. */
  private static QueryOptions withoutCallOptions(
      ScyllaQueryMethod method, StatementOptions annotated) {
    StatementOptions options = annotated;
    if (method.getConsistency() != null) {
      options = options.withConsistency(method.getConsistency());
    }
    return options == StatementOptions.DEFAULTS ? QueryOptions.empty() : QueryOptions.of(options);
  }

  private VectorSearch search(Object[] parameters) {
    ParametersParameterAccessor accessor =
        new ParametersParameterAccessor(method.getParameters(), parameters);
    Iterator<Object> arguments = predicateArguments(parameters).iterator();
    Vector vector = null;
    List<Object[]> equalities = new ArrayList<>();
    for (Part part : parts) {
      if (part.getType() == Part.Type.NEAR) {
        vector = vector(arguments.next());
      } else {
        equalities.add(new Object[] {part.getProperty().toDotPath(), arguments.next()});
      }
    }
    VectorSearch search = VectorSearch.near(nearProperty, vector);
    for (Object[] equality : equalities) {
      if (equality[1] == null) {
        throw new IllegalArgumentException(
            method.describe() + ": the value of '" + equality[0] + "' is null");
      }
      search = search.where((String) equality[0], equality[1]);
    }
    Limit limit = accessor.getLimit();
    if (limit != null && limit.isLimited()) {
      search = search.limit(limit);
    } else if (nameLimit != null) {
      search = search.limit(nameLimit);
    }
    Score minimum = accessor.getScore();
    if (minimum != null) {
      search = search.withMinimumScore(minimum);
    }
    Range<Score> range = accessor.getScoreRange();
    if (range != null) {
      search = search.withScores(range);
    }
    return search;
  }

  // The predicates' arguments in order: bindable parameters but the Score and Range<Score> ones.
  private List<Object> predicateArguments(Object[] parameters) {
    int score = method.getParameters().getScoreIndex();
    int scoreRange = method.getParameters().getScoreRangeIndex();
    List<Object> arguments = new ArrayList<>();
    for (Parameter parameter : method.getParameters().getBindableParameters()) {
      int index = parameter.getIndex();
      if (index != score && index != scoreRange) {
        arguments.add(parameters[index]);
      }
    }
    return arguments;
  }

  // The Near argument: a Spring Data Vector, a float[] or a List<Float>.
  private Vector vector(Object value) {
    if (value instanceof Vector given) {
      return given;
    }
    if (value instanceof float[] floats) {
      return Vector.of(floats);
    }
    if (value instanceof Collection<?> numbers) {
      @SuppressWarnings("unchecked")
      Collection<? extends Number> elements = (Collection<? extends Number>) numbers;
      return Vector.of(elements);
    }
    throw new IllegalArgumentException(
        method.describe()
            + ": the Near argument must be a Vector, a float[] or a List<Float>, not "
            + (value == null ? "null" : value.getClass().getTypeName()));
  }

  @Override
  public ScyllaQueryMethod getQueryMethod() {
    return method;
  }
}
