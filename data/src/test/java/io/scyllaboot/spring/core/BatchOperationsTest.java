package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.data.annotation.Version;

/**
 * {@code batchOps()} as Spring Data Cassandra's {@code CassandraBatchTemplate}: {@code @Version}ed
 * entities are written as they are, without conditions (a conditional batch must stay on one
 * partition), unless asked for with {@code withVersionChecks()}; and a list is a list of entities,
 * not one entity.
 */
class BatchOperationsTest {

  @Table("ledger")
  static class Line {
    @PartitionKey String book;
    @ClusteringColumn int number;
    String text;
    @Version Long version;

    Line(String book, int number, String text, Long version) {
      this.book = book;
      this.number = number;
      this.text = text;
      this.version = version;
    }
  }

  private final RecordingSession recording = new RecordingSession();
  private final ScyllaTemplate template = new ScyllaTemplate(recording.session);

  @Test
  void should_write_versioned_entities_without_conditions_as_spring_data_cassandra() {
    Line first = new Line("a", 1, "one", null);
    Line second = new Line("b", 2, "two", 4L);
    template.batchOps().insert(List.of(first, second)).update(second).delete(first).execute();

    assertThat(recording.prepared)
        .isNotEmpty()
        .allSatisfy(cql -> assertThat(cql).doesNotContain(" IF "));
    assertThat(recording.bound).hasSize(4);
    // Versions are not set or incremented: the batch writes what it is given.
    assertThat(first.version).isNull();
    assertThat(second.version).isEqualTo(4L);
  }

  @Test
  void should_take_lists_as_lists_of_entities() {
    template
        .batchOps()
        .insert(List.of(new Line("a", 1, "one", null), new Line("a", 2, "two", null)))
        .update(List.of(new Line("a", 1, "uno", 1L)))
        .delete(List.of(new Line("a", 2, null, 1L)))
        .execute();
    assertThat(recording.bound).hasSize(4);
  }

  @Test
  void should_check_versions_when_asked() {
    Line line = new Line("a", 1, "one", null);
    template.batchOps().withVersionChecks().insert(line).execute();
    assertThat(recording.prepared.get(0)).contains("IF NOT EXISTS");
    assertThat(line.version).isZero();
  }
}
