package io.scyllaboot.spring.repository.query;

import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.reactive.ReactiveScyllaOperations;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.data.domain.SearchResults;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The vector search methods of reactive repositories: {@link VectorSearchQuery} run through {@link
 * ReactiveScyllaOperations#search}, declared {@code Mono<SearchResults<T>>} or {@code
 * Flux<SearchResult<T>>}. Apart from {@link VectorSearchQuery} so that only reactive repositories
 * load Reactor.
 */
final class ReactiveVectorSearches {
  private ReactiveVectorSearches() {}

  static VectorSearchQuery query(
      ScyllaQueryMethod method,
      ScyllaPersistentEntity<?> entity,
      ReactiveScyllaOperations template) {
    Class<?> returned = method.getMethod().getReturnType();
    boolean many = Flux.class.isAssignableFrom(returned);
    if (!many && !Mono.class.isAssignableFrom(returned)) {
      throw VectorSearchQuery.invalid(
          method,
          "a reactive vector search returns Mono<SearchResults<T>> or Flux<SearchResult<T>>, not "
              + returned.getSimpleName());
    }
    Class<?> domainType = entity.getType();
    BiFunction<VectorSearch, QueryOptions, Object> run =
        (search, options) -> {
          Mono<? extends SearchResults<?>> results = template.search(search, domainType, options);
          return many ? results.flatMapIterable(SearchResults::getContent) : results;
        };
    // A bad argument is signalled, as every reactive failure is, not thrown at the call.
    Function<Supplier<Object>, Object> deferred =
        many
            ? search -> Flux.defer(() -> (Flux<?>) search.get())
            : search -> Mono.defer(() -> (Mono<?>) search.get());
    return new VectorSearchQuery(method, entity, run, deferred);
  }
}
