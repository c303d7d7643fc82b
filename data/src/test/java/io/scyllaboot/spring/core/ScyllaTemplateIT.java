package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.TransientDataAccessResourceException;

/** Every write option of the template reaches the server, checked through CQL on the row. */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaTemplateIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("entity_tmpl");
  private static CqlSession admin;
  private static CqlSession session;
  private static ScyllaTemplate template;

  @Table("person")
  static class Person {
    @PartitionKey String id;
    String name;
    int age;

    Person() {}

    Person(String id, String name, int age) {
      this.id = id;
      this.name = name;
      this.age = age;
    }
  }

  @BeforeAll
  static void connect() {
    CassandraNode.ensureRunning();
    admin = CassandraNode.openSession();
    CassandraNode.createKeyspace(admin, KEYSPACE);
    admin.execute("CREATE TABLE " + KEYSPACE + ".person (id text PRIMARY KEY, name text, age int)");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(KEYSPACE)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    template = new ScyllaTemplate(session);
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.close();
    }
    if (admin != null) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      admin.close();
    }
  }

  @BeforeEach
  void empty() {
    template.truncate(Person.class);
  }

  @Test
  void should_insert_read_count_and_delete_entities() {
    Person ada = template.insert(new Person("ada", "Ada", 36));
    template.insert(new Person("bob", "Bob", 40));

    assertThat(ada.name).isEqualTo("Ada");
    assertThat(template.selectOneById("ada", Person.class).age).isEqualTo(36);
    assertThat(template.selectOneById("nobody", Person.class)).isNull();
    assertThat(template.select("SELECT * FROM person", Person.class))
        .extracting(p -> p.id)
        .containsExactlyInAnyOrder("ada", "bob");
    assertThat(template.selectOne("SELECT * FROM person WHERE id = ?", Person.class, "bob").name)
        .isEqualTo("Bob");
    try (Stream<Person> all = template.stream("SELECT * FROM person", Person.class)) {
      assertThat(all.mapToInt(p -> p.age).sum()).isEqualTo(76);
    }
    assertThat(template.count(Person.class)).isEqualTo(2);
    assertThat(template.exists("ada", Person.class)).isTrue();
    assertThat(template.exists("nobody", Person.class)).isFalse();
    assertThat(template.getTableName(Person.class)).isEqualTo("person");

    ada.age = 37;
    template.update(ada);
    assertThat(template.selectOneById("ada", Person.class).age).isEqualTo(37);

    template.delete(ada);
    assertThat(template.deleteById("bob", Person.class)).isTrue();
    assertThat(template.count(Person.class)).isZero();
  }

  @Test
  void should_write_with_the_given_ttl() {
    template.insert(
        new Person("ttl", "Tim", 1), InsertOptions.builder().ttl(Duration.ofMinutes(5)).build());
    assertThat(ttlOfName("ttl")).isBetween(200, 300);

    template.update(
        new Person("ttl", "Tom", 2), UpdateOptions.builder().ttl(Duration.ofMinutes(1)).build());
    assertThat(ttlOfName("ttl")).isBetween(1, 60);
  }

  private static int ttlOfName(String id) {
    return template
        .getCqlOperations()
        .queryForObject("SELECT TTL(name) FROM person WHERE id = ?", Integer.class, id);
  }

  private static long writetimeOfName(String id) {
    return template
        .getCqlOperations()
        .queryForObject("SELECT WRITETIME(name) FROM person WHERE id = ?", Long.class, id);
  }

  @Test
  void should_write_with_the_given_timestamp() {
    Instant at = Instant.parse("2024-05-01T10:15:30.123456Z");
    template.insert(new Person("ts", "Tess", 1), InsertOptions.builder().timestamp(at).build());
    assertThat(writetimeOfName("ts")).isEqualTo(1714558530123456L);

    template.update(
        new Person("ts", "Tessa", 2), UpdateOptions.builder().timestamp(1714558530123457L).build());
    assertThat(writetimeOfName("ts")).isEqualTo(1714558530123457L);

    // A delete older than the write leaves the row.
    template.delete(
        new Person("ts", null, 0), DeleteOptions.builder().timestamp(1714558530123000L).build());
    assertThat(template.selectOneById("ts", Person.class).name).isEqualTo("Tessa");
  }

  @Test
  void should_not_apply_a_second_insert_if_not_exists() {
    InsertOptions ifNotExists = InsertOptions.builder().ifNotExists(true).build();
    EntityWriteResult<Person> first = template.insert(new Person("lwt", "First", 1), ifNotExists);
    EntityWriteResult<Person> second = template.insert(new Person("lwt", "Second", 2), ifNotExists);

    assertThat(first.wasApplied()).isTrue();
    assertThat(second.wasApplied()).isFalse();
    assertThat(second.getRows()).hasSize(1);
    assertThat(second.getRows().get(0).getString("name")).isEqualTo("First");
    assertThat(template.selectOneById("lwt", Person.class).name).isEqualTo("First");
  }

  @Test
  void should_not_apply_conditional_updates_and_deletes_that_do_not_hold() {
    EntityWriteResult<Person> absent =
        template.update(
            new Person("ghost", "Casper", 1), UpdateOptions.builder().ifExists(true).build());
    assertThat(absent.wasApplied()).isFalse();
    assertThat(template.exists("ghost", Person.class)).isFalse();

    template.insert(new Person("cond", "Carl", 1));
    assertThat(
            template
                .update(
                    new Person("cond", "Carla", 2),
                    UpdateOptions.builder().ifCondition("name = ?", "Someone else").build())
                .wasApplied())
        .isFalse();
    assertThat(
            template
                .update(
                    new Person("cond", "Carla", 2),
                    UpdateOptions.builder().ifCondition("name = ?", "Carl").build())
                .wasApplied())
        .isTrue();
    assertThat(template.selectOneById("cond", Person.class).name).isEqualTo("Carla");

    assertThat(
            template
                .delete(
                    new Person("ghost", null, 0), DeleteOptions.builder().ifExists(true).build())
                .wasApplied())
        .isFalse();
    assertThat(
            template
                .delete(
                    new Person("cond", null, 0),
                    DeleteOptions.builder().ifCondition("age = ?", 99).build())
                .wasApplied())
        .isFalse();
    assertThat(template.exists("cond", Person.class)).isTrue();
    assertThat(
            template
                .delete(new Person("cond", null, 0), DeleteOptions.builder().ifExists(true).build())
                .wasApplied())
        .isTrue();
    assertThat(template.exists("cond", Person.class)).isFalse();
  }

  @Test
  void should_translate_an_impossible_consistency_level() {
    InsertOptions three = InsertOptions.builder().consistencyLevel(ConsistencyLevel.THREE).build();
    assertThatThrownBy(() -> template.insert(new Person("cl", "Cleo", 1), three))
        .isInstanceOf(TransientDataAccessResourceException.class)
        .hasMessageContaining("INSERT INTO person");
    assertThat(template.exists("cl", Person.class)).isFalse();

    // Statement objects carry their options through the CQL template too.
    SimpleStatement read =
        SimpleStatement.of("SELECT name FROM person WHERE id = ?", "cl")
            .withConsistency(ConsistencyLevel.THREE);
    assertThatThrownBy(() -> template.getCqlOperations().queryForList(read, String.class))
        .isInstanceOf(TransientDataAccessResourceException.class);
  }

  @Test
  void should_leave_nulls_unset_unless_asked_to_write_them() {
    template.insert(new Person("nulls", "Nora", 1));
    template.insert(new Person("nulls", null, 2));
    assertThat(template.selectOneById("nulls", Person.class).name).isEqualTo("Nora");

    template.insert(
        new Person("nulls", null, 3), InsertOptions.builder().insertNulls(true).build());
    assertThat(template.selectOneById("nulls", Person.class).name).isNull();
  }

  @Test
  void should_ask_the_server_to_trace() {
    EntityWriteResult<Person> traced =
        template.insert(
            new Person("trace", "Tracy", 1), InsertOptions.builder().tracing(true).build());
    assertThat(traced.getExecutionInfo().tracingId()).isNotNull();
    assertThat(
            template
                .insert(new Person("trace", "Tracy", 1), InsertOptions.empty())
                .getExecutionInfo()
                .tracingId())
        .isNull();
  }

  @Test
  void should_write_a_batch_with_one_timestamp() {
    // Older than the batch, so that the batch's delete wins.
    template.insert(
        new Person("gone", "Gone", 1),
        InsertOptions.builder().timestamp(1714558530000000L).build());
    ScyllaBatchOperations batch =
        template
            .batchOps()
            .insert(new Person("b1", "One", 1), new Person("b2", "Two", 2))
            .update(new Person("b1", "Uno", 1))
            .delete(new Person("gone", null, 0))
            .withTimestamp(1714558530000001L);
    assertThat(batch.execute().wasApplied()).isTrue();

    assertThat(template.select("SELECT * FROM person", Person.class))
        .extracting(p -> p.name)
        .containsExactlyInAnyOrder("Uno", "Two");
    assertThat(writetimeOfName("b2")).isEqualTo(1714558530000001L);
    assertThatThrownBy(batch::execute).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void should_run_statement_objects_through_the_cql_template() {
    template.insert(new Person("stmt", "Stan", 5));
    SimpleStatement byId =
        SimpleStatement.of("SELECT name, age FROM person WHERE id = ?", "stmt")
            .withConsistency(ConsistencyLevel.ONE);
    assertThat(
            template
                .getCqlOperations()
                .<Integer>queryForObject(byId, (row, n) -> row.getInt("age")))
        .isEqualTo(5);
    assertThat(
            template
                .getCqlOperations()
                .query(
                    session.prepare("SELECT name FROM person WHERE id = ?").bind("stmt"),
                    (row, n) -> row.getString(0)))
        .isEqualTo(List.of("Stan"));
    SimpleStatement whole = SimpleStatement.of("SELECT * FROM person WHERE id = ?", "stmt");
    assertThat(template.select(whole, Person.class))
        .extracting(p -> p.name)
        .containsExactly("Stan");
    assertThat(template.selectOne(whole, Person.class).age).isEqualTo(5);
    assertThatThrownBy(
            () ->
                template
                    .getCqlOperations()
                    .queryForObject(
                        SimpleStatement.of("SELECT name FROM person WHERE id = ?", "none"),
                        String.class))
        .isInstanceOf(EmptyResultDataAccessException.class);
  }
}
