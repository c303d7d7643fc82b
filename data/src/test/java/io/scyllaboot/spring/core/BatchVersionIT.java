package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.annotation.Version;

/**
 * {@code batchOps()} writes {@code @Version}ed entities as Spring Data Cassandra's batches do, as
 * they are and across partitions; {@code withVersionChecks()} checks {@code @Version} as the
 * template's single writes do: inserts {@code IF NOT EXISTS}, updates and deletes {@code IF version
 * = ?}, in one conditional batch; when a condition fails nothing of the batch is written and it
 * throws.
 */
@ExtendWith(CassandraNodeExtension.class)
class BatchVersionIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "batch_version",
          "ledger (book text, number int, text text, version bigint,"
              + " PRIMARY KEY (book, number))");

  private static CqlSession session;
  private static ScyllaTemplate template;

  @Table("ledger")
  static class Line {
    @PartitionKey String book;
    @ClusteringColumn int number;
    String text;
    @Version Long version;

    Line() {}

    Line(String book, int number, String text) {
      this.book = book;
      this.number = number;
      this.text = text;
    }
  }

  @BeforeAll
  static void connect() {
    session = keyspace.session();
    template = new ScyllaTemplate(session);
  }

  @BeforeEach
  void empty() {
    template.truncate(Line.class);
  }

  private static List<Line> stored() {
    return template.select("SELECT * FROM ledger WHERE book = 'b'", Line.class);
  }

  @Test
  void should_insert_versioned_entities_with_their_first_version_and_refuse_existing_rows() {
    Line one = new Line("b", 1, "one");
    Line two = new Line("b", 2, "two");
    assertThat(template.batchOps().withVersionChecks().insert(one, two).execute().wasApplied())
        .isTrue();
    assertThat(one.version).isZero();
    assertThat(stored()).extracting(line -> line.version).containsExactly(0L, 0L);

    Line three = new Line("b", 3, "three");
    Line again = new Line("b", 1, "one again");
    assertThatThrownBy(() -> template.batchOps().withVersionChecks().insert(three, again).execute())
        .isInstanceOf(OptimisticLockingFailureException.class);
    // Nothing of the failed batch was written.
    assertThat(stored()).extracting(line -> line.text).containsExactly("one", "two");
  }

  @Test
  void should_update_and_delete_with_the_version_condition() {
    Line one = new Line("b", 1, "one");
    Line two = new Line("b", 2, "two");
    template.batchOps().withVersionChecks().insert(one, two).execute();
    Line staleOne = template.selectOneById(one, Line.class);

    one.text = "one, edited";
    two.text = "two, edited";
    template.batchOps().withVersionChecks().update(one, two).execute();
    assertThat(one.version).isEqualTo(1L);
    assertThat(stored()).extracting(line -> line.version).containsExactly(1L, 1L);

    staleOne.text = "lost update";
    assertThatThrownBy(() -> template.batchOps().withVersionChecks().update(staleOne).execute())
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(staleOne.version).as("the stale copy stays stale").isZero();
    assertThatThrownBy(() -> template.batchOps().withVersionChecks().delete(staleOne).execute())
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(stored())
        .extracting(line -> line.text)
        .containsExactly("one, edited", "two, edited");

    template.batchOps().withVersionChecks().delete(one, two).execute();
    assertThat(stored()).isEmpty();
  }

  @Test
  void should_write_versioned_entities_across_partitions_without_conditions_by_default() {
    Line one = new Line("b", 1, "one");
    Line other = new Line("c", 1, "other book");
    // A conditional batch could not span the two partitions; a plain one, as in Spring Data
    // Cassandra, can.
    assertThat(template.batchOps().insert(List.of(one, other)).execute().wasApplied()).isTrue();
    assertThat(one.version).isNull();
    assertThat(stored()).extracting(line -> line.text).containsExactly("one");
    assertThat(template.selectOneById(other, Line.class).text).isEqualTo("other book");
    one.text = "edited";
    template.batchOps().update(List.of(one)).execute();
    assertThat(stored()).extracting(line -> line.text).containsExactly("edited");
    template.batchOps().delete(List.of(one, other)).execute();
    assertThat(stored()).isEmpty();
  }
}
