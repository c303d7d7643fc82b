package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import org.junit.jupiter.api.Test;

class StatementTextsTest {

  @Test
  void should_give_the_query_without_values_and_the_session_keyspace_of_a_simple_statement() {
    SimpleStatement insert = SimpleStatement.of("INSERT INTO t (k) VALUES (?)", "secret");
    assertThat(StatementTexts.query(insert)).isEqualTo("INSERT INTO t (k) VALUES (?)");
    assertThat(StatementTexts.keyspace(insert, "shop")).isEqualTo("shop");
    assertThat(StatementTexts.keyspace(insert, null)).isNull();
  }

  @Test
  void should_join_the_queries_of_a_batch() {
    BatchStatement batch =
        BatchStatement.logged(
            SimpleStatement.of("INSERT INTO t (k) VALUES (1)"),
            SimpleStatement.of("DELETE FROM t WHERE k = ?", 2));
    assertThat(StatementTexts.query(batch))
        .isEqualTo("INSERT INTO t (k) VALUES (1); DELETE FROM t WHERE k = ?");
    assertThat(StatementTexts.keyspace(batch, "shop")).isEqualTo("shop");
  }
}
