package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * What reactive write query methods emit, as Spring Data Cassandra's reactive repositories do: a
 * derived {@code deleteBy} or a non-SELECT {@code @Query} declared {@code Mono<Boolean>} emits
 * whether it was applied (an LWT's outcome; true for a plain write), one declared {@code
 * Mono<Void>} completes empty after the write; a {@code Mono<Long>} (CQL counts no written rows) is
 * refused at start-up.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveQueryMethodResultsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("reactive_results");

  private static ReactiveScyllaRepositoryFactory factory;
  private static Wallets wallets;

  @Table("wallets")
  public record Wallet(@PartitionKey String id, String owner, int balance) {}

  public interface Wallets extends ReactiveScyllaRepository<Wallet, String> {
    Mono<Boolean> deleteWalletById(String id);

    Mono<Void> removeById(String id);

    @Query("DELETE FROM wallets WHERE id = ?0 IF EXISTS")
    Mono<Boolean> deleteIfExists(String id);

    @Query("UPDATE wallets SET balance = ?1 WHERE id = ?0 IF balance = ?2")
    Mono<Boolean> compareAndSetBalance(String id, int balance, int expected);

    @Query("UPDATE wallets SET owner = ?1 WHERE id = ?0")
    Mono<Void> setOwner(String id, String owner);

    Mono<Slice<Wallet>> findByIdIn(List<String> ids, Pageable pageable);

    @Query("SELECT id, owner FROM wallets WHERE id = ?0")
    Mono<OwnerOnly> findOwner(String id);

    @Query("SELECT id, balance FROM wallets")
    Flux<BalanceOnly> findBalances();

    @Query("SELECT id, owner FROM wallets WHERE id = ?0")
    Mono<Wallet> findWithoutBalance(String id);
  }

  public interface OwnerOnly {
    String getId();

    String getOwner();
  }

  public record BalanceOnly(String id, int balance) {}

  public interface CountingWallets extends ReactiveScyllaRepository<Wallet, String> {
    Mono<Long> deleteWalletById(String id);
  }

  @BeforeAll
  static void connect() {
    CqlSession session = keyspace.session();
    ScyllaMappingContext context = new ScyllaMappingContext();
    factory =
        new ReactiveScyllaRepositoryFactory(
            new ReactiveScyllaTemplate(session, new ScyllaEntityConverter(context)),
            new SchemaCreator(session, context));
    wallets = factory.getRepository(Wallets.class);
  }

  @BeforeEach
  void fill() {
    wallets.deleteAll().block();
    wallets.saveAll(List.of(new Wallet("w1", "Ada", 100), new Wallet("w2", "Bob", 50))).blockLast();
  }

  @Test
  void a_derived_delete_declared_mono_boolean_emits_true_and_deletes() {
    StepVerifier.create(wallets.deleteWalletById("w1")).expectNext(true).verifyComplete();
    assertThat(wallets.findById("w1").block()).isNull();
    assertThat(wallets.findById("w2").block()).isNotNull();
  }

  @Test
  void a_derived_delete_declared_mono_void_completes_empty_after_deleting() {
    StepVerifier.create(wallets.removeById("w2")).verifyComplete();
    assertThat(wallets.findById("w2").block()).isNull();
  }

  @Test
  void an_lwt_query_emits_whether_it_was_applied() {
    StepVerifier.create(wallets.compareAndSetBalance("w1", 120, 100))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(wallets.compareAndSetBalance("w1", 130, 100))
        .expectNext(false)
        .verifyComplete();
    assertThat(wallets.findById("w1").block()).extracting(Wallet::balance).isEqualTo(120);

    StepVerifier.create(wallets.deleteIfExists("w2")).expectNext(true).verifyComplete();
    StepVerifier.create(wallets.deleteIfExists("w2")).expectNext(false).verifyComplete();
  }

  @Test
  void a_plain_update_declared_mono_void_completes_empty_after_writing() {
    StepVerifier.create(wallets.setOwner("w2", "Cy")).verifyComplete();
    assertThat(wallets.findById("w2").block()).extracting(Wallet::owner).isEqualTo("Cy");
  }

  @Test
  void a_delete_declared_mono_long_is_refused_at_start_up() {
    assertThatThrownBy(() -> factory.getRepository(CountingWallets.class))
        .hasStackTraceContaining("CountingWallets.deleteWalletById")
        .hasStackTraceContaining("void or boolean");
  }

  @Test
  void a_slice_of_a_plain_page_request_is_numbered_as_the_page_asked() {
    List<String> ids = List.of("w1", "w2");
    Slice<Wallet> first = wallets.findByIdIn(ids, PageRequest.of(0, 1)).block();
    Slice<Wallet> second = wallets.findByIdIn(ids, PageRequest.of(1, 1)).block();

    assertThat(first.getNumber()).isZero();
    assertThat(second.getNumber()).isEqualTo(1);
    assertThat(second.getContent()).hasSize(1).doesNotContainAnyElementsOf(first.getContent());
    assertThat(second.hasNext()).isFalse();
  }

  @Test
  void a_query_of_some_columns_reads_into_projections_and_the_entity() {
    OwnerOnly owner = wallets.findOwner("w1").block();
    assertThat(owner.getId()).isEqualTo("w1");
    assertThat(owner.getOwner()).isEqualTo("Ada");
    assertThat(wallets.findBalances().collectList().block())
        .containsExactlyInAnyOrder(new BalanceOnly("w1", 100), new BalanceOnly("w2", 50));
    assertThat(wallets.findWithoutBalance("w2").block()).isEqualTo(new Wallet("w2", "Bob", 0));
  }
}
