package io.scyllaboot.spring.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.SimilarityFunction;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.VectorType;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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

/**
 * Vector search on the real node: 2,000 random vectors written through the mapping (as {@code
 * float[]} and Spring Data {@code Vector}), searched by repository methods and the template, the
 * nearest neighbours compared with a brute-force computation of the server's similarity functions.
 * ANN is approximate: the top 10 must share at least 90% with the exact ones, and every returned
 * score must equal the exact similarity of its row.
 */
@ExtendWith(CassandraNodeExtension.class)
class VectorSearchIT {
  private static final int DIMENSIONS = 8;
  private static final int ROWS = 2_000;
  private static final int SHARDS = 10;

  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("vsearch");

  @Table
  public record Item(
      @PartitionKey int shard,
      @ClusteringColumn int id,
      @VectorType(dimensions = DIMENSIONS) @SaiIndexed float[] embedding,
      @VectorType(dimensions = DIMENSIONS)
          @SaiIndexed(
              name = "item_position_euclidean",
              similarityFunction = SimilarityFunction.EUCLIDEAN)
          Vector position,
      @VectorType(dimensions = 3) List<Float> small) {}

  public record ItemKey(int shard, int id) {}

  public interface Items extends ScyllaRepository<Item, ItemKey> {
    SearchResults<Item> findByEmbeddingNear(Vector vector, Limit limit);

    SearchResults<Item> findTop10ByPositionNear(Vector vector);

    SearchResults<Item> findByEmbeddingNear(Vector vector, Score minimum, Limit limit);

    List<SearchResult<Item>> findByShardAndEmbeddingNear(int shard, Vector vector, Limit limit);
  }

  private static final Random random = new Random(25);
  private static final List<Item> items = new ArrayList<>();
  private static Items repository;
  private static ScyllaTemplate template;

  @BeforeAll
  static void load() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    CqlSession session = keyspace.session();
    template =
        new ScyllaTemplate(
            new CqlTemplate(session, new ScyllaExceptionTranslator()),
            new ScyllaEntityConverter(context));
    repository =
        new ScyllaRepositoryFactory(template, new SchemaCreator(session, context))
            .getRepository(Items.class);
    List<CompletableFuture<?>> writes = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Item item =
          new Item(
              i % SHARDS, i, randomVector(), Vector.of(randomVector()), List.of((float) i, 1f, 2f));
      items.add(item);
      writes.add(insert(item, 5));
      if (writes.size() == 4) {
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
        writes.clear();
      }
    }
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();
  }

  // A loaded shared node may time a write out (inserting into two vector graphs is work): the
  // insert is idempotent, so it is sent again.
  private static CompletableFuture<?> insert(Item item, int attempts) {
    return template
        .insertAsync(item, InsertOptions.empty())
        .handle(
            (written, failure) -> {
              if (failure == null) {
                return CompletableFuture.completedFuture(written);
              }
              Throwable cause =
                  failure instanceof CompletionException wrapped ? wrapped.getCause() : failure;
              if (attempts > 1 && cause instanceof QueryTimeoutException) {
                return insert(item, attempts - 1);
              }
              return CompletableFuture.failedFuture(failure);
            })
        .thenCompose(next -> next);
  }

  private static float[] randomVector() {
    float[] v = new float[DIMENSIONS];
    for (int i = 0; i < DIMENSIONS; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }

  // Cassandra's similarity_cosine: (1 + cos) / 2.
  static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return (1 + dot / Math.sqrt(na * nb)) / 2;
  }

  // Cassandra's similarity_euclidean: 1 / (1 + d²).
  private static double euclidean(float[] a, float[] b) {
    double squared = 0;
    for (int i = 0; i < a.length; i++) {
      double d = a[i] - b[i];
      squared += d * d;
    }
    return 1 / (1 + squared);
  }

  static List<Item> bruteForce(
      List<Item> candidates, ToDoubleFunction<Item> similarity, int limit) {
    return candidates.stream()
        .sorted(Comparator.comparingDouble(similarity).reversed())
        .limit(limit)
        .toList();
  }

  /** The share of the exact top ids that the search returned. */
  private static double recall(List<Item> exact, List<SearchResult<Item>> found) {
    Set<Integer> ids = new HashSet<>();
    found.forEach(result -> ids.add(result.getContent().id()));
    return exact.stream().filter(item -> ids.contains(item.id())).count() / (double) exact.size();
  }

  private static void assertScores(
      List<SearchResult<Item>> found, ToDoubleFunction<Item> similarity) {
    double previous = Double.MAX_VALUE;
    for (SearchResult<Item> result : found) {
      double score = result.getScore().getValue();
      // The server computes in float: equal to about 7 digits.
      assertThat(score).isCloseTo(similarity.applyAsDouble(result.getContent()), within(1e-5));
      assertThat(score).isLessThanOrEqualTo(previous + 1e-6); // nearest first
      previous = score;
    }
  }

  @Test
  void should_find_the_cosine_nearest_neighbours_of_random_vectors_with_their_scores() {
    double recall = 0;
    int queries = 10;
    for (int q = 0; q < queries; q++) {
      float[] query = randomVector();
      SearchResults<Item> found = repository.findByEmbeddingNear(Vector.of(query), Limit.of(10));

      List<Item> exact = bruteForce(items, item -> cosine(item.embedding(), query), 10);
      assertThat(found.getContent()).hasSize(10);
      assertScores(found.getContent(), item -> cosine(item.embedding(), query));
      assertThat(found.getContent().get(0).getScore().getFunction())
          .isEqualTo(VectorScoringFunctions.COSINE);
      recall += recall(exact, found.getContent());
    }
    assertThat(recall / queries).isGreaterThanOrEqualTo(0.9);
  }

  @Test
  void should_search_a_euclidean_index_with_the_limit_of_the_method_name() {
    double recall = 0;
    int queries = 10;
    for (int q = 0; q < queries; q++) {
      float[] query = randomVector();
      SearchResults<Item> found = repository.findTop10ByPositionNear(Vector.of(query));

      ToDoubleFunction<Item> similarity = item -> euclidean(item.position().toFloatArray(), query);
      assertThat(found.getContent()).hasSize(10);
      assertScores(found.getContent(), similarity);
      recall += recall(bruteForce(items, similarity, 10), found.getContent());
    }
    assertThat(recall / queries).isGreaterThanOrEqualTo(0.9);
  }

  @Test
  void should_drop_the_rows_scoring_below_the_minimum() {
    float[] query = randomVector();
    SearchResults<Item> all = repository.findByEmbeddingNear(Vector.of(query), Limit.of(20));
    double median = all.getContent().get(10).getScore().getValue();

    SearchResults<Item> kept =
        repository.findByEmbeddingNear(Vector.of(query), Similarity.of(median), Limit.of(20));

    assertThat(kept.getContent()).isNotEmpty().hasSizeLessThan(20);
    assertThat(kept.getContent())
        .allSatisfy(
            result -> assertThat(result.getScore().getValue()).isGreaterThanOrEqualTo(median));
    assertThat(kept.getContent())
        .hasSize((int) all.stream().filter(r -> r.getScore().getValue() >= median).count());
  }

  @Test
  void should_search_within_a_partition_by_repository_and_by_template() {
    float[] query = randomVector();
    List<Item> shard = items.stream().filter(item -> item.shard() == 3).toList();
    List<Item> exact = bruteForce(shard, item -> cosine(item.embedding(), query), 5);

    List<SearchResult<Item>> byRepository =
        repository.findByShardAndEmbeddingNear(3, Vector.of(query), Limit.of(5));
    SearchResults<Item> byTemplate =
        template.search(
            VectorSearch.near("embedding", Vector.of(query)).where("shard", 3).limit(5),
            Item.class);

    for (List<SearchResult<Item>> found : List.of(byRepository, byTemplate.getContent())) {
      assertThat(found).hasSize(5).allSatisfy(r -> assertThat(r.getContent().shard()).isEqualTo(3));
      assertScores(found, item -> cosine(item.embedding(), query));
      assertThat(recall(exact, found)).isGreaterThanOrEqualTo(0.8);
    }
  }

  @Test
  void should_score_by_another_function_when_asked_and_refuse_a_vector_of_the_wrong_size() {
    float[] query = randomVector();
    SearchResults<Item> found =
        template.search(
            VectorSearch.near("embedding", Vector.of(query))
                .limit(3)
                .scoredBy(VectorScoringFunctions.EUCLIDEAN),
            Item.class);
    assertThat(found.getContent()).hasSize(3);
    for (SearchResult<Item> result : found) {
      assertThat(result.getScore().getValue())
          .isCloseTo(euclidean(result.getContent().embedding(), query), within(1e-5));
      assertThat(result.getScore().getFunction()).isEqualTo(VectorScoringFunctions.EUCLIDEAN);
    }

    assertThatThrownBy(() -> repository.findByEmbeddingNear(Vector.of(1f, 2f), Limit.of(3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 dimensions")
        .hasMessageContaining("vector<float, 8>");
    assertThat(repository.findByEmbeddingNear(Vector.of(query), Limit.of(1))).hasSize(1);
  }

  @Test
  void should_create_vector_columns_and_sai_indexes_and_read_every_vector_form_back() {
    CqlSession session = keyspace.session();
    Map<String, String> types = new HashMap<>();
    try (ResultSet rows =
        session.execute(
            "SELECT column_name, type FROM system_schema.columns"
                + " WHERE keyspace_name = ? AND table_name = 'item'",
            keyspace.name())) {
      for (Row row : rows) {
        types.put(row.getString("column_name"), row.getString("type"));
      }
    }
    assertThat(types)
        .containsEntry("embedding", "vector<float, 8>")
        .containsEntry("position", "vector<float, 8>")
        .containsEntry("small", "vector<float, 3>");
    Map<String, Map<String, String>> indexes = new HashMap<>();
    try (ResultSet rows =
        session.execute(
            "SELECT index_name, options FROM system_schema.indexes"
                + " WHERE keyspace_name = ? AND table_name = 'item'",
            keyspace.name())) {
      for (Row row : rows) {
        indexes.put(row.getString("index_name"), row.getMap("options", String.class, String.class));
      }
    }
    assertThat(indexes.get("item_embedding_idx"))
        .containsEntry("target", "embedding")
        .containsEntry("similarity_function", "cosine")
        .containsEntry("class_name", "StorageAttachedIndex");
    assertThat(indexes.get("item_position_euclidean"))
        .containsEntry("similarity_function", "euclidean");

    Item stored = items.get(42);
    Item read = repository.findById(new ItemKey(stored.shard(), stored.id())).orElseThrow();
    assertThat(read.embedding()).containsExactly(stored.embedding());
    assertThat(read.position().toFloatArray()).containsExactly(stored.position().toFloatArray());
    assertThat(read.small()).containsExactly(42f, 1f, 2f);
  }
}
