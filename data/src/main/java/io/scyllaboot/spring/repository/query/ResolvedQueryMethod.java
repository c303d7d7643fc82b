package io.scyllaboot.spring.repository.query;

import java.lang.reflect.Method;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;

/**
 * Which kind of query a repository method is, decided in one place for {@link
 * ScyllaQueryLookupStrategy} and {@link ReactiveScyllaQueryLookupStrategy}, each of which builds
 * its own kind: a named query (key {@code Entity.method}) is the method's declared CQL as a
 * {@code @Query} is; {@code CREATE} derives every query from the method name; {@code
 * USE_DECLARED_QUERY} takes only a declared one; {@code CREATE_IF_NOT_FOUND} the declared one if
 * any, else derives; a method returning search results without declared CQL is a vector search.
 *
 * @param method the query method, carrying the named query's CQL when there is one
 */
record ResolvedQueryMethod(ScyllaQueryMethod method, Kind kind) {

  /** What to build. */
  enum Kind {
    /** {@code @Query} or a named query: {@link AnnotatedQuery}. */
    DECLARED,
    /** From the method name: {@link DerivedQuery}. */
    DERIVED,
    /** {@code findBy...Near}: {@link VectorSearchQuery}. */
    VECTOR_SEARCH
  }

  /**
   * @throws IllegalStateException for {@code USE_DECLARED_QUERY} and a method without declared CQL
   */
  static ResolvedQueryMethod resolve(
      Method method,
      RepositoryMetadata metadata,
      ProjectionFactory factory,
      NamedQueries namedQueries,
      QueryLookupStrategy.Key key) {
    ScyllaQueryMethod plain = new ScyllaQueryMethod(method, metadata, factory);
    String namedQuery =
        namedQueries.hasQuery(plain.getNamedQueryName())
            ? namedQueries.getQuery(plain.getNamedQueryName())
            : null;
    ScyllaQueryMethod queryMethod =
        namedQuery == null ? plain : new ScyllaQueryMethod(method, metadata, factory, namedQuery);
    boolean declared = queryMethod.getAnnotatedQuery() != null;
    if (key == QueryLookupStrategy.Key.USE_DECLARED_QUERY && !declared) {
      throw new IllegalStateException(
          "Repository method "
              + queryMethod.describe()
              + " has no @Query and no named query '"
              + plain.getNamedQueryName()
              + "', and the query lookup strategy is USE_DECLARED_QUERY (which derives none)");
    }
    Kind kind;
    if (queryMethod.isSearchQuery() && !declared) {
      kind = Kind.VECTOR_SEARCH;
    } else if (declared && key != QueryLookupStrategy.Key.CREATE) {
      kind = Kind.DECLARED;
    } else {
      kind = Kind.DERIVED;
    }
    return new ResolvedQueryMethod(queryMethod, kind);
  }
}
