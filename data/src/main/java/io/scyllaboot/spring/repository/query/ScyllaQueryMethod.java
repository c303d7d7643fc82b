package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.Consistency;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.UseProfile;
import java.lang.reflect.Method;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryMethod;

/** A repository method with what this module reads from its annotations. */
public class ScyllaQueryMethod extends QueryMethod {
  private final Method method;
  private final String namedQuery;

  public ScyllaQueryMethod(Method method, RepositoryMetadata metadata, ProjectionFactory factory) {
    this(method, metadata, factory, null);
  }

  /**
   * @param namedQuery the CQL of the method's named query (from {@code namedQueriesLocation}), used
   *     when it has no {@link Query}; or null
   */
  public ScyllaQueryMethod(
      Method method, RepositoryMetadata metadata, ProjectionFactory factory, String namedQuery) {
    super(method, metadata, factory, ScyllaParameters::new);
    this.method = method;
    this.namedQuery = namedQuery;
  }

  @Override
  public ScyllaParameters getParameters() {
    return (ScyllaParameters) super.getParameters();
  }

  /** The {@link Query} CQL, else the named query's, or null for a derived query. */
  public String getAnnotatedQuery() {
    Query query = method.getAnnotation(Query.class);
    return query == null ? namedQuery : query.value();
  }

  /** The {@link Query} annotation, or null for a derived query. */
  public Query getQueryAnnotation() {
    return method.getAnnotation(Query.class);
  }

  /** Whether the statement is idempotent; null for the session's default. */
  public Boolean getIdempotent() {
    Query query = getQueryAnnotation();
    if (query == null) {
      return null;
    }
    return switch (query.idempotent()) {
      case IDEMPOTENT -> Boolean.TRUE;
      case NON_IDEMPOTENT -> Boolean.FALSE;
      case UNDEFINED -> null;
    };
  }

  public boolean allowsFiltering() {
    return method.isAnnotationPresent(AllowFiltering.class);
  }

  /** The {@link Consistency} level, or null for the session's default. */
  public ConsistencyLevel getConsistency() {
    Consistency consistency = method.getAnnotation(Consistency.class);
    return consistency == null ? null : consistency.value();
  }

  /** The {@link UseProfile} of the method, else of its interface, or null for none. */
  public String getProfile() {
    UseProfile profile = method.getAnnotation(UseProfile.class);
    if (profile == null) {
      profile = method.getDeclaringClass().getAnnotation(UseProfile.class);
    }
    return profile == null ? null : profile.value();
  }

  /** {@code Repository.method} for messages. */
  public String describe() {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }

  public Method getMethod() {
    return method;
  }
}
