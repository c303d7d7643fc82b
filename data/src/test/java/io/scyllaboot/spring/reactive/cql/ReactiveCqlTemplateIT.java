package io.scyllaboot.spring.reactive.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.cql.CqlSyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The reactive template against the real node: pages fetched only on demand, cancellation, errors
 * translated, session callbacks. The paranoid leak detector checks the whole class.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveCqlTemplateIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("reactive");
  private static final int ROWS = 50;
  private static final int PAGE = 10;
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static CqlSession session;

  private CountingSession counting;
  private ReactiveCqlTemplate template;

  @BeforeAll
  static void connect() {
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, KEYSPACE);
    session.execute("CREATE TABLE " + KEYSPACE + ".t (k int, c int, v text, PRIMARY KEY (k, c))");
    for (int c = 0; c < ROWS; c++) {
      session.execute("INSERT INTO " + KEYSPACE + ".t (k, c, v) VALUES (1, ?, ?)", c, "v" + c);
    }
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      session.close();
    }
  }

  @BeforeEach
  void countingTemplate() {
    counting = new CountingSession(session);
    template = new ReactiveCqlTemplate(counting.session());
  }

  private static Statement<?> pagedSelect() {
    return SimpleStatement.of("SELECT c FROM " + KEYSPACE + ".t WHERE k = 1").withPageSize(PAGE);
  }

  @Test
  void should_fetch_the_next_page_only_when_the_subscriber_asks_beyond_the_current_one() {
    Flux<Integer> rows = template.query(pagedSelect(), (row, n) -> row.getInt(0));
    StepVerifier.Step<Integer> step =
        StepVerifier.create(rows, 0)
            .expectSubscription()
            .then(
                () -> assertThat(counting.queries).as("nothing sent before a request").hasValue(0));
    for (int c = 0; c < ROWS; c++) {
      int expectedFetches = c / PAGE; // row c is on page c / PAGE: fetched when row c is asked for
      step =
          step.thenRequest(1)
              .expectNext(c)
              .then(
                  () -> {
                    assertThat(counting.fetches).hasValue(expectedFetches);
                    assertThat(counting.queries).hasValue(1);
                  });
    }
    // The last page may say "more" and the server then answers with an empty page.
    step.thenRequest(1).expectComplete().verify(WAIT);
    assertThat(counting.fetches.get()).isBetween(ROWS / PAGE - 1, ROWS / PAGE);
    assertThat(counting.maxInFlight).hasValue(1);
    assertThat(counting.maxHeldOrInFlight).as("pages held or in flight at once").hasValue(1);
    assertThat(counting.held).hasValue(0);
  }

  @Test
  void should_stop_fetching_and_release_the_page_when_cancelled_mid_stream() {
    Flux<Integer> rows = template.query(pagedSelect(), (row, n) -> row.getInt(0));
    StepVerifier.create(rows, 15)
        .expectNextSequence(IntStream.range(0, 15).boxed().toList())
        .thenCancel()
        .verify(WAIT);
    Awaitility.await().atMost(WAIT).untilAsserted(() -> assertThat(counting.inFlight).hasValue(0));
    assertThat(counting.fetches).as("only the second page was fetched").hasValue(1);
    assertThat(counting.held).as("the page cancelled mid-way was closed").hasValue(0);
  }

  @Test
  void should_request_everything_and_stay_one_page_at_a_time_with_unbounded_demand() {
    List<Integer> all =
        template.query(pagedSelect(), (row, n) -> row.getInt(0)).collectList().block(WAIT);
    assertThat(all).containsExactlyElementsOf(IntStream.range(0, ROWS).boxed().toList());
    assertThat(counting.maxHeldOrInFlight).hasValue(1);
  }

  @Test
  void should_translate_bad_cql_to_a_syntax_exception() {
    StepVerifier.create(template.query("SELEC nonsense", (row, n) -> row))
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(CqlSyntaxException.class)
                    .hasMessageContaining("SELEC nonsense"))
        .verify(WAIT);
    StepVerifier.create(template.execute("INSERTT INTO x"))
        .expectError(CqlSyntaxException.class)
        .verify(WAIT);
    StepVerifier.create(template.queryForFlux("SELECT c FROM " + KEYSPACE + ".missing"))
        .expectError(InvalidDataAccessApiUsageException.class)
        .verify(WAIT);
  }

  @Test
  void should_check_result_sizes_of_single_row_queries() {
    String one = "SELECT v FROM " + KEYSPACE + ".t WHERE k = 1 AND c = ?";
    StepVerifier.create(template.queryForObject(one, String.class, 7))
        .expectNext("v7")
        .verifyComplete();
    StepVerifier.create(template.queryForObject(one, String.class, ROWS + 1))
        .expectError(EmptyResultDataAccessException.class)
        .verify(WAIT);
    StepVerifier.create(
            template.queryForObject("SELECT v FROM " + KEYSPACE + ".t WHERE k = 1", String.class))
        .expectError(IncorrectResultSizeDataAccessException.class)
        .verify(WAIT);
    StepVerifier.create(template.queryForMap(one, 3))
        .assertNext(row -> assertThat(row).containsEntry("v", "v3"))
        .verifyComplete();
  }

  @Test
  void should_run_a_session_callback_on_one_connection_and_translate_its_errors() {
    Flux<String> written =
        template.executeInSession(
            pinned ->
                pinned
                    .execute("INSERT INTO " + KEYSPACE + ".t (k, c, v) VALUES (2, 1, 'pinned')")
                    .thenMany(
                        pinned.queryForFlux(
                            "SELECT v FROM " + KEYSPACE + ".t WHERE k = ?", String.class, 2)));
    StepVerifier.create(written).expectNext("pinned").verifyComplete();
    StepVerifier.create(
            template.executeInSession(
                pinned -> Mono.from(pinned.execute("DROP TABLE no_such_keyspace.nothing"))))
        .expectError(InvalidDataAccessApiUsageException.class)
        .verify(WAIT);
    StepVerifier.create(template.executeInSession(pinned -> pinned.queryForFlux("BAD CQL")))
        .expectError(CqlSyntaxException.class)
        .verify(WAIT);
  }
}
