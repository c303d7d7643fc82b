package io.scyllaboot.spring.core;

/**
 * The fluent entry points of the entity template, as Spring Data Cassandra's {@code
 * FluentCassandraOperations}:
 *
 * <pre>{@code
 * List<Person> adults = template.query(Person.class).matching(query(where("age").gte(18))).all();
 * template.insert(Person.class).withOptions(InsertOptions.builder().ttl(ttl).build()).one(ada);
 * template.update(Person.class).matching(query(where("id").is(id))).apply(Update.update("age", 37));
 * template.delete(Person.class).matching(query(where("id").is(id))).all();
 * }</pre>
 */
public interface FluentScyllaOperations {

  /** Reads entities of this type; see {@link ExecutableSelect}. */
  <T> ExecutableSelect<T> query(Class<T> domainType);

  /** Inserts entities of this type; see {@link ExecutableInsert}. */
  <T> ExecutableInsert<T> insert(Class<T> domainType);

  /** Updates rows of this type's table; see {@link ExecutableUpdate}. */
  <T> ExecutableUpdate<T> update(Class<T> domainType);

  /** Deletes rows of this type's table; see {@link ExecutableDelete}. */
  <T> ExecutableDelete<T> delete(Class<T> domainType);
}
