package io.scyllaboot.spring.repository.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.reactivestreams.Publisher;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A reactive query method's {@code Publisher} parameters resolved before the query binds them, as
 * Spring Data's reactive repositories do: a {@code Flux} (or any publisher not declared {@code
 * Mono}) to the list of its elements, a {@code Mono} to its value (null when empty). Only then is
 * the CQL built and bound, so the driver never sees a publisher.
 */
final class PublisherParameters implements RepositoryQuery {
  private final RepositoryQuery query;
  private final boolean[] publisher;
  private final boolean[] single;
  private final boolean many;

  private PublisherParameters(
      RepositoryQuery query, boolean[] publisher, boolean[] single, boolean many) {
    this.query = query;
    this.publisher = publisher;
    this.single = single;
    this.many = many;
  }

  /** The query itself when no parameter is a publisher, else one that resolves them first. */
  static RepositoryQuery resolving(RepositoryQuery query, ScyllaQueryMethod method) {
    int count = method.getMethod().getParameterCount();
    boolean[] publisher = new boolean[count];
    boolean[] single = new boolean[count];
    boolean any = false;
    for (Parameter parameter : method.getParameters()) {
      Class<?> type = parameter.getType();
      int index = parameter.getIndex();
      publisher[index] = Publisher.class.isAssignableFrom(type);
      single[index] = Mono.class.isAssignableFrom(type);
      any |= publisher[index];
    }
    return any
        ? new PublisherParameters(
            query,
            publisher,
            single,
            Flux.class.isAssignableFrom(method.getMethod().getReturnType()))
        : query;
  }

  @Override
  public Object execute(Object[] parameters) {
    List<Mono<Optional<Object>>> resolved = new ArrayList<>();
    for (int i = 0; i < parameters.length; i++) {
      Object value = parameters[i];
      if (!publisher[i] || value == null) {
        resolved.add(Mono.just(Optional.ofNullable(value)));
      } else if (single[i]) {
        resolved.add(
            Mono.from((Publisher<?>) value)
                .map(Optional::<Object>of)
                .defaultIfEmpty(Optional.empty()));
      } else {
        resolved.add(Flux.from((Publisher<?>) value).collectList().map(Optional::<Object>of));
      }
    }
    // Reactor signals carry no null: an empty Mono travels as Optional.empty().
    Mono<Object[]> arguments =
        Flux.concat(resolved)
            .collectList()
            .map(found -> found.stream().map(value -> value.orElse(null)).toArray());
    return many
        ? arguments.flatMapMany(values -> (Publisher<?>) query.execute(values))
        : arguments.flatMap(values -> Mono.from((Publisher<?>) query.execute(values)));
  }

  @Override
  public QueryMethod getQueryMethod() {
    return query.getQueryMethod();
  }
}
