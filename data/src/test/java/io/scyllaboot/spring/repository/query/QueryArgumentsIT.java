package io.scyllaboot.spring.repository.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.repository.query.Param;
import org.springframework.data.spel.ReactiveExtensionAwareEvaluationContextProvider;
import org.springframework.data.spel.spi.EvaluationContextExtension;
import org.springframework.data.spel.spi.ReactiveEvaluationContextExtension;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.context.Context;

/**
 * Arguments of query methods against the real node: SpEL in {@code @Query} ({@code :#{...}}, {@code
 * ?#{...}}) is evaluated and bound, for blocking and reactive repositories, and a reactive method's
 * {@code Mono}/{@code Flux} parameters are resolved before binding.
 */
@ExtendWith(CassandraNodeExtension.class)
class QueryArgumentsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension("query_args", "account (id text PRIMARY KEY, owner text)");

  private static CqlSession session;
  private static AccountRepository accounts;
  private static ReactiveAccountRepository reactive;
  private static ReactiveAccountRepository reactiveWithExtension;

  @Table("account")
  record Account(@PartitionKey String id, String owner) {}

  interface AccountRepository extends ScyllaRepository<Account, String> {
    @Query("SELECT * FROM account WHERE id = :#{[0]}")
    Optional<Account> byExpression(String id);

    @Query("SELECT * FROM account WHERE id = ?#{[0].toLowerCase()}")
    Optional<Account> byLowerCased(String id);

    @Query("SELECT * FROM account WHERE id IN (?1, ?#{[0] + '2'})")
    List<Account> byIndexAndExpression(String prefix, String first);

    @Query(
        "SELECT * FROM account WHERE id = :id AND owner = :#{#owner.toUpperCase()} ALLOW FILTERING")
    Optional<Account> byNameAndExpression(@Param("id") String id, @Param("owner") String owner);
  }

  interface ReactiveAccountRepository extends ReactiveScyllaRepository<Account, String> {
    @Query("SELECT * FROM account WHERE id = :#{[0]}")
    Mono<Account> byExpression(String id);

    @Query("SELECT * FROM account WHERE id = ?#{[0] + '1'}")
    Mono<Account> byExpressionOfMono(Mono<String> prefix);

    @Query("SELECT * FROM account WHERE id = ?0")
    Mono<Account> byMono(Mono<String> id);

    Flux<Account> findByIdIn(Flux<String> ids);

    Mono<Long> countById(Mono<String> id);

    @Query("SELECT * FROM account WHERE id = :#{currentAccount}")
    Mono<Account> current();

    @Query("SELECT * FROM account WHERE id IN (?0, ?#{currentAccount})")
    Flux<Account> givenAndCurrent(String id);
  }

  /**
   * As Spring Security's reactive extension: its value comes from the subscriber's context, known
   * only when the query is subscribed to.
   */
  static final class CurrentAccountExtension implements ReactiveEvaluationContextExtension {
    @Override
    public String getExtensionId() {
      return "current-account";
    }

    @Override
    public Mono<CurrentAccount> getExtension() {
      return Mono.deferContextual(context -> Mono.just(new CurrentAccount(context.get("account"))));
    }
  }

  record CurrentAccount(String id) implements EvaluationContextExtension {
    @Override
    public String getExtensionId() {
      return "current-account";
    }

    @Override
    public Map<String, Object> getProperties() {
      return Map.of("currentAccount", id);
    }
  }

  @BeforeAll
  static void connect() {
    session = keyspace.session();
    ScyllaEntityConverter converter = new ScyllaEntityConverter(new ScyllaMappingContext());
    accounts =
        new ScyllaRepositoryFactory(new ScyllaTemplate(session, converter), null)
            .getRepository(AccountRepository.class);
    reactive =
        new ReactiveScyllaRepositoryFactory(
                session, new ScyllaExceptionTranslator(), converter, null)
            .getRepository(ReactiveAccountRepository.class);
    ReactiveScyllaRepositoryFactory withExtension =
        new ReactiveScyllaRepositoryFactory(
            session, new ScyllaExceptionTranslator(), converter, null);
    withExtension.setEvaluationContextProvider(
        new ReactiveExtensionAwareEvaluationContextProvider(
            List.of(new CurrentAccountExtension())));
    reactiveWithExtension = withExtension.getRepository(ReactiveAccountRepository.class);
    accounts.saveAll(List.of(new Account("a1", "ADA"), new Account("a2", "BOB")));
  }

  @Test
  void should_bind_spel_expressions_of_a_blocking_query() {
    assertThat(accounts.byExpression("a1")).contains(new Account("a1", "ADA"));
    assertThat(accounts.byLowerCased("A2")).contains(new Account("a2", "BOB"));
    assertThat(accounts.byIndexAndExpression("a", "a1"))
        .containsExactlyInAnyOrder(new Account("a1", "ADA"), new Account("a2", "BOB"));
    assertThat(accounts.byNameAndExpression("a1", "ada")).contains(new Account("a1", "ADA"));
    assertThat(accounts.byNameAndExpression("a1", "bob")).isEmpty();
  }

  @Test
  void should_bind_spel_expressions_of_a_reactive_query() {
    StepVerifier.create(reactive.byExpression("a2"))
        .expectNext(new Account("a2", "BOB"))
        .verifyComplete();
    StepVerifier.create(reactive.byExpressionOfMono(Mono.just("a")))
        .expectNext(new Account("a1", "ADA"))
        .verifyComplete();
  }

  @Test
  void should_evaluate_spel_of_a_reactive_query_with_reactive_extensions_when_subscribed() {
    StepVerifier.create(reactiveWithExtension.current().contextWrite(Context.of("account", "a2")))
        .expectNext(new Account("a2", "BOB"))
        .verifyComplete();
    StepVerifier.create(
            reactiveWithExtension
                .givenAndCurrent("a1")
                .map(Account::id)
                .sort()
                .contextWrite(Context.of("account", "a2")))
        .expectNext("a1", "a2")
        .verifyComplete();
  }

  @Test
  void should_resolve_mono_and_flux_parameters_before_binding() {
    StepVerifier.create(reactive.byMono(Mono.just("a1")))
        .expectNext(new Account("a1", "ADA"))
        .verifyComplete();
    StepVerifier.create(reactive.findByIdIn(Flux.just("a1", "a2", "a9")).map(Account::id).sort())
        .expectNext("a1", "a2")
        .verifyComplete();
    StepVerifier.create(reactive.countById(Mono.just("a2"))).expectNext(1L).verifyComplete();
  }
}
