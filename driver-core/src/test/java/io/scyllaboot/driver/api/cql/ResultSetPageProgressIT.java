package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.type.ByteUtils;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How far a synchronous result is through its pages, as paging code written for the DataStax driver
 * reads it ({@code getAvailableWithoutFetching()}, {@code isFullyFetched()}): rows left in the
 * current page, and whether a further page exists.
 */
@ExtendWith(CassandraNodeExtension.class)
class ResultSetPageProgressIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("progress");
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".t (p int, c int, PRIMARY KEY (p, c))");
    for (int c = 0; c < 5; c++) {
      session.execute("INSERT INTO " + keyspace + ".t (p, c) VALUES (1, ?)", c);
    }
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_tell_the_rows_left_in_the_current_page_and_whether_more_pages_exist() {
    ResultSet result =
        session.execute(
            SimpleStatement.of("SELECT c FROM " + keyspace + ".t WHERE p = 1").withPageSize(2));

    assertThat(result.availableWithoutFetching()).isEqualTo(2);
    assertThat(result.isFullyFetched()).isFalse();
    result.one();
    assertThat(result.availableWithoutFetching()).isEqualTo(1);
    result.one();
    result.one(); // fetches the second page
    assertThat(result.availableWithoutFetching()).isEqualTo(1);
    assertThat(result.isFullyFetched()).isFalse();
    result.one();
    result.one(); // the third page, the last
    assertThat(result.isFullyFetched()).isTrue();
    assertThat(result.availableWithoutFetching()).isZero();
    assertThat(result.one()).isNull();
  }

  @Test
  void should_resume_from_the_raw_paging_state_its_execution_info_gives() {
    SimpleStatement query =
        SimpleStatement.of("SELECT c FROM " + keyspace + ".t WHERE p = 1").withPageSize(3);
    ResultSet first = session.execute(query);
    ByteBuffer raw = first.executionInfo().rawPagingState();

    assertThat(raw).isNotNull();
    assertThat(first.executionInfo().pagingState()).isEqualTo(first.pagingState());
    String hex = ByteUtils.toHexString(raw);
    ResultSet second = session.execute(query.withRawPagingState(ByteUtils.fromHexString(hex)));

    assertThat(second.all()).extracting(row -> row.getInt("c")).containsExactly(3, 4);
    assertThat(second.executionInfo().rawPagingState()).as("the last page").isNull();
    assertThat(session.execute(query.withRawPagingState(null)).one().getInt("c"))
        .as("null starts from the first page")
        .isZero();
  }
}
