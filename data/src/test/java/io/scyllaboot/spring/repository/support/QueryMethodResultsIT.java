package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What query methods return, as Spring Data Cassandra's do: a {@code @Query} selecting some columns
 * into an interface or DTO projection (or into the entity, the rest null); a non-SELECT
 * {@code @Query} or a derived {@code deleteBy} returning {@code void} or {@code boolean} (whether
 * it was applied: an LWT's outcome); any other return type of a write refused at start-up.
 */
@ExtendWith(CassandraNodeExtension.class)
class QueryMethodResultsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("query_results");

  private static ScyllaRepositoryFactory factory;
  private static Accounts accounts;

  @Table("accounts")
  public record Account(@PartitionKey String id, String owner, int balance, String note) {}

  public interface OwnerOnly {
    String getId();

    String getOwner();
  }

  public record BalanceOnly(String id, int balance) {}

  public interface Accounts extends ScyllaRepository<Account, String> {
    @Query("SELECT id, owner FROM accounts WHERE id = ?0")
    OwnerOnly findOwner(String id);

    @Query("SELECT id, owner FROM accounts")
    List<OwnerOnly> findOwners();

    @Query("SELECT id, balance FROM accounts WHERE id = ?0")
    BalanceOnly findBalance(String id);

    @Query("SELECT id, owner FROM accounts WHERE id = ?0")
    Account findWithoutBalance(String id);

    @Query("UPDATE accounts SET balance = ?1 WHERE id = ?0 IF balance = ?2")
    boolean compareAndSetBalance(String id, int balance, int expected);

    @Query("UPDATE accounts SET note = :note WHERE id = :id")
    void setNote(String id, String note);

    @Query("UPDATE accounts SET note = ?1 WHERE id = ?0")
    Boolean setNoteReturningApplied(String id, String note);

    boolean deleteAccountById(String id);

    void removeById(String id);
  }

  public interface WriteCountingAccounts extends ScyllaRepository<Account, String> {
    @Query("UPDATE accounts SET note = ?1 WHERE id = ?0")
    long setNoteCounting(String id, String note);
  }

  public interface DeleteCountingAccounts extends ScyllaRepository<Account, String> {
    long deleteAccountById(String id);
  }

  @BeforeAll
  static void connect() {
    factory = keyspace.repositories(new ScyllaMappingContext(NamingStrategy.SNAKE_CASE), true);
    accounts = factory.getRepository(Accounts.class);
  }

  @BeforeEach
  void fill() {
    accounts.deleteAll();
    accounts.saveAll(
        List.of(new Account("a1", "Ada", 100, "first"), new Account("a2", "Bob", 50, null)));
  }

  @Test
  void should_read_a_subset_of_columns_into_an_interface_projection() {
    OwnerOnly owner = accounts.findOwner("a1");
    assertThat(owner.getId()).isEqualTo("a1");
    assertThat(owner.getOwner()).isEqualTo("Ada");
    assertThat(accounts.findOwners())
        .extracting(OwnerOnly::getOwner)
        .containsExactlyInAnyOrder("Ada", "Bob");
  }

  @Test
  void should_read_a_subset_of_columns_into_a_dto_projection() {
    assertThat(accounts.findBalance("a2")).isEqualTo(new BalanceOnly("a2", 50));
  }

  @Test
  void should_read_a_subset_of_columns_into_the_entity_leaving_the_rest_unset() {
    assertThat(accounts.findWithoutBalance("a1")).isEqualTo(new Account("a1", "Ada", 0, null));
  }

  @Test
  void should_return_whether_an_lwt_update_was_applied() {
    assertThat(accounts.compareAndSetBalance("a1", 120, 100)).isTrue();
    assertThat(accounts.compareAndSetBalance("a1", 130, 100)).isFalse();
    assertThat(accounts.findById("a1")).get().extracting(Account::balance).isEqualTo(120);
  }

  @Test
  void should_run_void_and_boolean_writes() {
    accounts.setNote("a2", "second");
    assertThat(accounts.findById("a2")).get().extracting(Account::note).isEqualTo("second");
    assertThat(accounts.setNoteReturningApplied("a2", "third")).isTrue();
    assertThat(accounts.findById("a2")).get().extracting(Account::note).isEqualTo("third");
  }

  @Test
  void should_return_whether_a_derived_delete_was_applied() {
    assertThat(accounts.deleteAccountById("a1")).isTrue();
    accounts.removeById("a2");
    assertThat(accounts.count()).isZero();
  }

  @Test
  void should_refuse_a_write_method_returning_a_count_at_start_up() {
    assertThatThrownBy(() -> factory.getRepository(WriteCountingAccounts.class))
        .hasStackTraceContaining("WriteCountingAccounts.setNoteCounting")
        .hasStackTraceContaining("void or boolean");
    assertThatThrownBy(() -> factory.getRepository(DeleteCountingAccounts.class))
        .hasStackTraceContaining("DeleteCountingAccounts.deleteAccountById")
        .hasStackTraceContaining("void or boolean");
  }
}
