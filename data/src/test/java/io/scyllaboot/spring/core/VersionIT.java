package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.annotation.Version;

/**
 * {@code @Version} optimistic locking through lightweight transactions, template and repository.
 */
@ExtendWith(CassandraNodeExtension.class)
class VersionIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("version");
  private static CqlSession admin;
  private static CqlSession session;
  private static ScyllaTemplate template;
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

  interface AccountRepository extends ScyllaRepository<Account, String> {}

  interface NoteRepository extends ScyllaRepository<Note, String> {}

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
    template = new ScyllaTemplate(session);
    ScyllaRepositoryFactory factory = new ScyllaRepositoryFactory(template, null);
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
    template.truncate(Account.class);
    template.truncate(Note.class);
  }

  private static long storedVersion(String table, String id) {
    return template
        .getCqlOperations()
        .queryForObject("SELECT version FROM " + table + " WHERE id = ?", Long.class, id);
  }

  @Test
  void should_insert_a_new_versioned_entity_once() {
    Account first = template.insert(new Account("a1", "Ada"));
    assertThat(first.version).isZero();

    assertThatThrownBy(() -> template.insert(new Account("a1", "Mallory")))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessageContaining("Account with key [id=a1]")
        .hasMessageContaining("exists already");
    assertThat(template.selectOneById("a1", Account.class).owner).isEqualTo("Ada");
  }

  @Test
  void should_refuse_the_update_of_a_stale_copy_and_leave_the_row() {
    template.insert(new Account("a2", "Ada"));
    Account mine = template.selectOneById("a2", Account.class);
    Account theirs = template.selectOneById("a2", Account.class);

    mine.owner = "Alan";
    Account updated = template.update(mine);
    assertThat(updated.version).isEqualTo(1L);
    assertThat(storedVersion("account", "a2")).isEqualTo(1L);

    theirs.owner = "Mallory";
    assertThatThrownBy(() -> template.update(theirs))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessageContaining("Cannot update Account with key [id=a2] to version 1")
        .hasMessageContaining("the stored version is not 0 (it is 1)");
    Account stored = template.selectOneById("a2", Account.class);
    assertThat(stored.owner).isEqualTo("Alan");
    assertThat(stored.version).isEqualTo(1L);
  }

  @Test
  void should_refuse_the_delete_of_a_stale_copy() {
    template.insert(new Account("a3", "Ada"));
    Account stale = template.selectOneById("a3", Account.class);
    template.update(template.selectOneById("a3", Account.class));

    assertThatThrownBy(() -> template.delete(stale))
        .isInstanceOf(OptimisticLockingFailureException.class)
        .hasMessageContaining("Cannot delete Account with key [id=a3]");
    assertThat(template.exists("a3", Account.class)).isTrue();

    template.delete(template.selectOneById("a3", Account.class));
    assertThat(template.exists("a3", Account.class)).isFalse();
  }

  @Test
  void should_lock_optimistically_through_the_repository() {
    Account saved = accounts.save(new Account("r1", "Ada"));
    assertThat(saved.version).isZero();
    Account stale = accounts.findById("r1").orElseThrow();

    saved.owner = "Alan";
    assertThat(accounts.save(saved).version).isEqualTo(1L);

    stale.owner = "Mallory";
    assertThatThrownBy(() -> accounts.save(stale))
        .isInstanceOf(OptimisticLockingFailureException.class);
    // A refused write leaves the copy's version alone: retrying with it fails again.
    assertThat(stale.version).isZero();
    assertThatThrownBy(() -> accounts.saveAll(List.of(stale)))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(accounts.findById("r1").orElseThrow().owner).isEqualTo("Alan");

    assertThatThrownBy(() -> accounts.insert(new Account("r1", "Again")))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThatThrownBy(() -> accounts.delete(stale))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(accounts.existsById("r1")).isTrue();
  }

  @Test
  void should_return_a_new_immutable_entity_with_the_new_version() {
    Note first = notes.save(new Note("n1", "draft", 0));
    assertThat(first.version()).isEqualTo(1L);
    assertThat(storedVersion("note", "n1")).isEqualTo(1L);

    Note second = notes.save(first.withText("final"));
    assertThat(second.version()).isEqualTo(2L);
    assertThat(second.text()).isEqualTo("final");

    assertThatThrownBy(() -> notes.save(first.withText("stale")))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(notes.findById("n1").orElseThrow()).isEqualTo(second);

    List<Note> many = notes.saveAll(List.of(second.withText("v3"), new Note("n2", "x", 0)));
    assertThat(many).extracting(Note::version).containsExactly(3L, 1L);
  }
}
