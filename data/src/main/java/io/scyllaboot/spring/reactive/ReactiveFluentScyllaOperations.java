package io.scyllaboot.spring.reactive;

/**
 * The fluent entry points of the reactive entity template, as Spring Data Cassandra's {@code
 * ReactiveFluentCassandraOperations}, the reactive twin of {@link
 * io.scyllaboot.spring.core.FluentScyllaOperations}; nothing runs until subscription:
 *
 * <pre>{@code
 * Flux<Person> adults = template.query(Person.class).matching(query(where("age").gte(18))).all();
 * template.insert(Person.class).withOptions(InsertOptions.builder().ttl(ttl).build()).one(ada);
 * template.update(Person.class).matching(query(where("id").is(id))).apply(Update.update("age", 37));
 * template.delete(Person.class).matching(query(where("id").is(id))).all();
 * }</pre>
 */
public interface ReactiveFluentScyllaOperations {

  /** Reads entities of this type; see {@link ReactiveSelect}. */
  <T> ReactiveSelect<T> query(Class<T> domainType);

  /** Inserts entities of this type; see {@link ReactiveInsert}. */
  <T> ReactiveInsert<T> insert(Class<T> domainType);

  /** Updates rows of this type's table; see {@link ReactiveUpdate}. */
  <T> ReactiveUpdate<T> update(Class<T> domainType);

  /** Deletes rows of this type's table; see {@link ReactiveDelete}. */
  <T> ReactiveDelete<T> delete(Class<T> domainType);
}
