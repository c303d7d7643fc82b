package io.scyllaboot.spring.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.VectorType;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Score;
import org.springframework.data.domain.SearchResult;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Similarity;
import org.springframework.data.domain.Vector;
import org.springframework.data.domain.VectorScoringFunctions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.retry.Retry;

/**
 * Vector search on reactive repositories ({@code Mono<SearchResults<T>>}, {@code
 * Flux<SearchResult<T>>}) and {@link ReactiveScyllaTemplate#search} on the real node, checked
 * against a brute-force computation of the server's cosine similarity, as {@link VectorSearchIT}
 * checks the blocking ones.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveVectorSearchIT {
  private static final int DIMENSIONS = 8;
  private static final int ROWS = 600;
  private static final int SHARDS = 6;

  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("rvsearch");

  @Table
  public record Reading(
      @PartitionKey int shard,
      @ClusteringColumn int id,
      @VectorType(dimensions = DIMENSIONS) @SaiIndexed float[] embedding) {}

  public record ReadingKey(int shard, int id) {}

  public interface Readings extends ReactiveScyllaRepository<Reading, ReadingKey> {
    Mono<SearchResults<Reading>> findByEmbeddingNear(Vector vector, Limit limit);

    Mono<SearchResults<Reading>> findByEmbeddingNear(Vector vector, Score minimum, Limit limit);

    Flux<SearchResult<Reading>> findByShardAndEmbeddingNear(int shard, Vector vector, Limit limit);

    Flux<SearchResult<Reading>> findTop5ByEmbeddingNear(Mono<Vector> vector);
  }

  private static final Random random = new Random(22);
  private static final List<Reading> readings = new ArrayList<>();
  private static Readings repository;
  private static ReactiveScyllaTemplate template;

  @BeforeAll
  static void load() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    CqlSession session = keyspace.session();
    template = new ReactiveScyllaTemplate(session, new ScyllaEntityConverter(context));
    repository =
        new ReactiveScyllaRepositoryFactory(template, new SchemaCreator(session, context))
            .getRepository(Readings.class);
    for (int i = 0; i < ROWS; i++) {
      readings.add(new Reading(i % SHARDS, i, randomVector()));
    }
    // A loaded shared node may time a write out (a vector graph insert is work): the insert is
    // idempotent, so it is sent again.
    Flux.fromIterable(readings)
        .flatMap(
            reading ->
                template
                    .insert(reading)
                    .retryWhen(
                        Retry.backoff(4, Duration.ofMillis(100))
                            .filter(QueryTimeoutException.class::isInstance)),
            4)
        .blockLast();
  }

  private static float[] randomVector() {
    float[] v = new float[DIMENSIONS];
    for (int i = 0; i < DIMENSIONS; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }

  private static List<Reading> nearest(List<Reading> candidates, float[] query, int limit) {
    ToDoubleFunction<Reading> similarity = r -> VectorSearchIT.cosine(r.embedding(), query);
    return candidates.stream()
        .sorted(Comparator.comparingDouble(similarity).reversed())
        .limit(limit)
        .toList();
  }

  private static double recall(List<Reading> exact, List<SearchResult<Reading>> found) {
    Set<Integer> ids = new HashSet<>();
    found.forEach(result -> ids.add(result.getContent().id()));
    return exact.stream().filter(r -> ids.contains(r.id())).count() / (double) exact.size();
  }

  private static void assertScores(List<SearchResult<Reading>> found, float[] query) {
    double previous = Double.MAX_VALUE;
    for (SearchResult<Reading> result : found) {
      double score = result.getScore().getValue();
      assertThat(score)
          .isCloseTo(VectorSearchIT.cosine(result.getContent().embedding(), query), within(1e-5));
      assertThat(score).isLessThanOrEqualTo(previous + 1e-6); // nearest first
      previous = score;
      assertThat(result.getScore().getFunction()).isEqualTo(VectorScoringFunctions.COSINE);
    }
  }

  @Test
  void a_mono_of_search_results_holds_the_nearest_neighbours_with_their_scores() {
    double recall = 0;
    int queries = 8;
    for (int q = 0; q < queries; q++) {
      float[] query = randomVector();
      SearchResults<Reading> found =
          repository.findByEmbeddingNear(Vector.of(query), Limit.of(10)).block();

      assertThat(found.getContent()).hasSize(10);
      assertScores(found.getContent(), query);
      recall += recall(nearest(readings, query, 10), found.getContent());
    }
    assertThat(recall / queries).isGreaterThanOrEqualTo(0.9);
  }

  @Test
  void a_flux_of_search_results_searches_within_a_partition_as_the_template_does() {
    float[] query = randomVector();
    List<Reading> shard = readings.stream().filter(r -> r.shard() == 2).toList();
    List<Reading> exact = nearest(shard, query, 5);

    List<SearchResult<Reading>> byRepository =
        repository
            .findByShardAndEmbeddingNear(2, Vector.of(query), Limit.of(5))
            .collectList()
            .block();
    SearchResults<Reading> byTemplate =
        template
            .search(
                VectorSearch.near("embedding", Vector.of(query)).where("shard", 2).limit(5),
                Reading.class)
            .block();

    for (List<SearchResult<Reading>> found : List.of(byRepository, byTemplate.getContent())) {
      assertThat(found).hasSize(5).allSatisfy(r -> assertThat(r.getContent().shard()).isEqualTo(2));
      assertScores(found, query);
      assertThat(recall(exact, found)).isGreaterThanOrEqualTo(0.8);
    }
  }

  @Test
  void the_rows_scoring_below_the_minimum_are_dropped() {
    float[] query = randomVector();
    SearchResults<Reading> all =
        repository.findByEmbeddingNear(Vector.of(query), Limit.of(20)).block();
    double median = all.getContent().get(10).getScore().getValue();

    SearchResults<Reading> kept =
        repository
            .findByEmbeddingNear(Vector.of(query), Similarity.of(median), Limit.of(20))
            .block();

    assertThat(kept.getContent())
        .isNotEmpty()
        .hasSize((int) all.stream().filter(r -> r.getScore().getValue() >= median).count())
        .allSatisfy(r -> assertThat(r.getScore().getValue()).isGreaterThanOrEqualTo(median));
  }

  @Test
  void a_mono_vector_parameter_is_resolved_and_the_name_gives_the_limit() {
    float[] query = randomVector();
    List<SearchResult<Reading>> found =
        repository.findTop5ByEmbeddingNear(Mono.just(Vector.of(query))).collectList().block();
    assertThat(found).hasSize(5);
    assertScores(found, query);
  }

  @Test
  void a_vector_of_the_wrong_size_is_signalled_not_thrown() {
    Mono<SearchResults<Reading>> search =
        repository.findByEmbeddingNear(Vector.of(1f, 2f), Limit.of(3));
    StepVerifier.create(search)
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("2 dimensions")
                    .hasMessageContaining("vector<float, 8>"))
        .verify();
    StepVerifier.create(
            template.search(VectorSearch.near("id", Vector.of(randomVector())), Reading.class))
        .expectError(IllegalArgumentException.class)
        .verify();
  }
}
