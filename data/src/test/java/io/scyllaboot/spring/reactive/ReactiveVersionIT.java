package io.scyllaboot.spring.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.annotation.Version;
import reactor.test.StepVerifier;

/**
 * {@code @Version} through reactive repositories against the real node: two stale copies must not
 * both save (the second would silently overwrite the first), and a stale delete is refused.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveVersionIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("reactive_version");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static CqlSession admin;
  private static CqlSession session;
  private static AccountRepository accounts;
  private static NoteRepository notes;

  @Table("account")
  static class Account {
    @PartitionKey String id;
    String owner;
    @Version Long version;

    Account() {}

    Account(String id, String owner) {
      this.id = id;
      this.owner = owner;
    }
  }

  /** Immutable, with a primitive version: 0 means new, so the first version written is 1. */
  @Table("note")
  record Note(@PartitionKey String id, String text, @Version long version) {
    Note withText(String newText) {
      return new Note(id, newText, version);
    }
  }

  interface AccountRepository extends ReactiveScyllaRepository<Account, String> {}

  interface NoteRepository extends ReactiveScyllaRepository<Note, String> {}

  @BeforeAll
  static void connect() {
    CassandraNode.ensureRunning();
    admin = CassandraNode.openSession();
    CassandraNode.createKeyspace(admin, KEYSPACE);
    admin.execute(
        "CREATE TABLE " + KEYSPACE + ".account (id text PRIMARY KEY, owner text, version bigint)");
    admin.execute(
        "CREATE TABLE " + KEYSPACE + ".note (id text PRIMARY KEY, text text, version bigint)");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(KEYSPACE)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    ReactiveScyllaRepositoryFactory factory =
        new ReactiveScyllaRepositoryFactory(
            session,
            new ScyllaExceptionTranslator(),
            new ScyllaEntityConverter(new ScyllaMappingContext()),
            null);
    accounts = factory.getRepository(AccountRepository.class);
    notes = factory.getRepository(NoteRepository.class);
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
    session.execute("TRUNCATE account");
    session.execute("TRUNCATE note");
  }

  private static Account stored(String id) {
    return accounts.findById(id).block(WAIT);
  }

  @Test
  void should_refuse_the_save_of_the_second_stale_copy() {
    StepVerifier.create(accounts.save(new Account("a1", "Ada")))
        .assertNext(saved -> assertThat(saved.version).isZero())
        .verifyComplete();
    Account mine = stored("a1");
    Account theirs = stored("a1");

    mine.owner = "Alan";
    StepVerifier.create(accounts.save(mine))
        .assertNext(saved -> assertThat(saved.version).isEqualTo(1L))
        .verifyComplete();

    theirs.owner = "Mallory";
    StepVerifier.create(accounts.save(theirs))
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(OptimisticLockingFailureException.class)
                    .hasMessageContaining("Cannot update Account with key [id=a1] to version 1")
                    .hasMessageContaining("(it is 1)"))
        .verify(WAIT);
    // The refused copy keeps its version: a retry with it fails again.
    assertThat(theirs.version).isZero();
    StepVerifier.create(accounts.saveAll(List.of(theirs)))
        .expectError(OptimisticLockingFailureException.class)
        .verify(WAIT);

    Account row = stored("a1");
    assertThat(row.owner).isEqualTo("Alan");
    assertThat(row.version).isEqualTo(1L);
  }

  @Test
  void should_refuse_a_second_insert_and_the_delete_of_a_stale_copy() {
    accounts.save(new Account("a2", "Ada")).block(WAIT);
    StepVerifier.create(accounts.insert(new Account("a2", "Mallory")))
        .expectError(OptimisticLockingFailureException.class)
        .verify(WAIT);

    Account stale = stored("a2");
    accounts.save(stored("a2")).block(WAIT);
    StepVerifier.create(accounts.delete(stale))
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(OptimisticLockingFailureException.class)
                    .hasMessageContaining("Cannot delete Account with key [id=a2]"))
        .verify(WAIT);
    StepVerifier.create(accounts.existsById("a2")).expectNext(true).verifyComplete();
    assertThat(stored("a2").owner).isEqualTo("Ada");

    StepVerifier.create(accounts.delete(stored("a2")).then(accounts.existsById("a2")))
        .expectNext(false)
        .verifyComplete();
  }

  @Test
  void should_return_a_new_immutable_entity_with_the_new_version() {
    Note first = notes.save(new Note("n1", "draft", 0)).block(WAIT);
    assertThat(first.version()).isEqualTo(1L);
    Note second = notes.save(first.withText("final")).block(WAIT);
    assertThat(second.version()).isEqualTo(2L);

    StepVerifier.create(notes.save(first.withText("stale")))
        .expectError(OptimisticLockingFailureException.class)
        .verify(WAIT);
    StepVerifier.create(notes.findById("n1")).expectNext(second).verifyComplete();
    StepVerifier.create(
            notes
                .saveAll(List.of(second.withText("v3"), new Note("n2", "x", 0)))
                .map(Note::version))
        .expectNext(3L, 1L)
        .verifyComplete();
  }
}
