package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NonIdempotentWritesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "INSERT INTO t (k, v) VALUES (?, ?) IF NOT EXISTS",
        "update t set v = ? where k = ? if v = ?",
        "DELETE FROM t WHERE k = ? IF EXISTS",
        "UPDATE t SET n = n + 1 WHERE k = 1",
        "UPDATE t SET n=n-? WHERE k = ?",
        "UPDATE t SET l = l + [1], v = 2 WHERE k = 1",
        "UPDATE t SET v = 2, l = [1, 2] + l WHERE k = 1",
        "UPDATE t SET \"Count\" = \"Count\" + 1 WHERE k = 1",
        "BEGIN BATCH INSERT INTO t (k) VALUES (1) IF NOT EXISTS; APPLY BATCH",
        "  update t set s = s - {'a'} where k = 1"
      })
  void conditional_and_self_updating_writes_are_never_idempotent_by_default(String cql) {
    assertThat(NonIdempotentWrites.inText(cql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "INSERT INTO t (k, v) VALUES (?, ?)",
        "INSERT INTO t (k, v) VALUES (1, 'if it rains, n = n + 1')",
        "UPDATE t SET v = -1 WHERE k = 1",
        "UPDATE t SET n = m + 1 WHERE k = 1",
        "UPDATE t SET nn = n + 1 WHERE k = 1",
        "UPDATE t SET l[0] = 1 WHERE k = 1",
        "SELECT * FROM t WHERE k = 1 IF",
        "CREATE TABLE IF NOT EXISTS t (k int PRIMARY KEY)",
        "DELETE FROM t WHERE k = ?"
      })
  void plain_writes_reads_and_ddl_keep_the_default(String cql) {
    assertThat(NonIdempotentWrites.inText(cql)).isFalse();
  }
}
