package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.VersionIT.Account;
import io.scyllaboot.spring.core.VersionIT.Note;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.OptimisticLockingFailureException;
import reactor.test.StepVerifier;

/**
 * {@code @Version} through reactive repositories against the real node: two stale copies must not
 * both save (the second would silently overwrite the first), and a stale delete is refused.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveVersionIT {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "reactive_version",
          "account (id text PRIMARY KEY, owner text, version bigint)",
          "note (id text PRIMARY KEY, text text, version bigint)");

  private static AccountRepository accounts;
  private static NoteRepository notes;

  /** VersionIT's entities: mutable with a boxed version, and a record with a primitive one. */
  interface AccountRepository extends ReactiveScyllaRepository<Account, String> {}

  interface NoteRepository extends ReactiveScyllaRepository<Note, String> {}

  @BeforeAll
  static void connect() {
    ReactiveScyllaRepositoryFactory factory =
        new ReactiveScyllaRepositoryFactory(
            keyspace.session(),
            new ScyllaExceptionTranslator(),
            new ScyllaEntityConverter(new ScyllaMappingContext()),
            null);
    accounts = factory.getRepository(AccountRepository.class);
    notes = factory.getRepository(NoteRepository.class);
  }

  @BeforeEach
  void empty() {
    keyspace.truncate("account", "note");
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
