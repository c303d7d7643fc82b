package io.scyllaboot.spring.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.VectorSearch;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.VectorType;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.repository.Consistency;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.SearchResult;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Vector;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * {@code QueryOptions} on vector searches against the real node: repository methods ({@code
 * findBy...Near(..., QueryOptions)}, blocking and reactive) and the templates' {@code search(...,
 * QueryOptions)}. Cassandra 5.0.6 serves an ANN (top-k) query at ONE, QUORUM, even THREE on one
 * node, but refuses it at SERIAL naming the level: a search whose options reached its statement is
 * refused so.
 */
@ExtendWith(CassandraNodeExtension.class)
class VectorSearchOptionsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("vsopts");

  private static final QueryOptions SERIAL =
      QueryOptions.builder().consistencyLevel(ConsistencyLevel.SERIAL).build();
  private static final QueryOptions LOCAL_ONE =
      QueryOptions.builder().consistencyLevel(ConsistencyLevel.LOCAL_ONE).pageSize(2).build();
  private static final Vector QUERY = Vector.of(1f, 0f, 0f);

  @Table
  public record Sample(
      @PartitionKey int shard,
      @ClusteringColumn int id,
      @VectorType(dimensions = 3) @SaiIndexed float[] embedding) {}

  public record SampleKey(int shard, int id) {}

  public interface Samples extends ScyllaRepository<Sample, SampleKey> {
    SearchResults<Sample> findByEmbeddingNear(Vector vector, Limit limit, QueryOptions options);

    @Consistency(ConsistencyLevel.SERIAL)
    SearchResults<Sample> findTop3ByEmbeddingNear(Vector vector, QueryOptions options);
  }

  public interface ReactiveSamples extends ReactiveScyllaRepository<Sample, SampleKey> {
    Flux<SearchResult<Sample>> findByEmbeddingNear(
        Vector vector, Limit limit, QueryOptions options);
  }

  public interface WritingSamples extends ScyllaRepository<Sample, SampleKey> {
    SearchResults<Sample> findByEmbeddingNear(Vector vector, UpdateOptions options);
  }

  private static ScyllaTemplate template;
  private static ReactiveScyllaTemplate reactiveTemplate;
  private static Samples samples;
  private static ReactiveSamples reactiveSamples;
  private static ScyllaRepositoryFactory factory;

  @BeforeAll
  static void load() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    CqlSession session = keyspace.session();
    ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
    template = new ScyllaTemplate(session, converter);
    reactiveTemplate = new ReactiveScyllaTemplate(session, converter);
    factory = new ScyllaRepositoryFactory(template, new SchemaCreator(session, context));
    samples = factory.getRepository(Samples.class);
    reactiveSamples =
        new ReactiveScyllaRepositoryFactory(reactiveTemplate, null)
            .getRepository(ReactiveSamples.class);
    for (int id = 0; id < 12; id++) {
      template.insert(new Sample(id % 2, id, new float[] {1f, id / 12f, (id % 3) / 3f}));
    }
  }

  private static void assertRefusedAtSerial(Throwable error) {
    assertThat(error)
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("Consistency level SERIAL was used");
  }

  @Test
  void repository_searches_apply_the_query_options() {
    assertThat(samples.findByEmbeddingNear(QUERY, Limit.of(5), LOCAL_ONE)).hasSize(5);
    assertThat(samples.findByEmbeddingNear(QUERY, Limit.of(5), null)).hasSize(5);
    assertThatThrownBy(() -> samples.findByEmbeddingNear(QUERY, Limit.of(5), SERIAL))
        .satisfies(VectorSearchOptionsIT::assertRefusedAtSerial);

    StepVerifier.create(reactiveSamples.findByEmbeddingNear(QUERY, Limit.of(4), LOCAL_ONE))
        .expectNextCount(4)
        .verifyComplete();
    StepVerifier.create(reactiveSamples.findByEmbeddingNear(QUERY, Limit.of(4), SERIAL))
        .expectErrorSatisfies(VectorSearchOptionsIT::assertRefusedAtSerial)
        .verify();
  }

  @Test
  void a_search_methods_consistency_annotation_stays_over_the_options_as_in_derived_queries() {
    assertThatThrownBy(() -> samples.findTop3ByEmbeddingNear(QUERY, LOCAL_ONE))
        .satisfies(VectorSearchOptionsIT::assertRefusedAtSerial);
  }

  @Test
  void template_searches_apply_the_query_options() {
    VectorSearch search = VectorSearch.near("embedding", QUERY).limit(3);
    assertThat(template.search(search, Sample.class, LOCAL_ONE)).hasSize(3);
    assertThat(template.search(search, Sample.class)).hasSize(3);
    assertThatThrownBy(() -> template.search(search, Sample.class, SERIAL))
        .satisfies(VectorSearchOptionsIT::assertRefusedAtSerial);

    StepVerifier.create(reactiveTemplate.search(search, Sample.class, LOCAL_ONE))
        .assertNext(results -> assertThat(results).hasSize(3))
        .verifyComplete();
    StepVerifier.create(reactiveTemplate.search(search, Sample.class, SERIAL))
        .expectErrorSatisfies(VectorSearchOptionsIT::assertRefusedAtSerial)
        .verify();
  }

  @Test
  void a_search_method_taking_write_options_fails_start_up() {
    assertThatThrownBy(() -> factory.getRepository(WritingSamples.class))
        .hasStackTraceContaining("takes QueryOptions, not WriteOptions");
  }
}
