package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TemplateQueriesTest {
  @Test
  void should_prepare_data_statements_only() {
    assertThat(TemplateQueries.isDataStatement("SELECT * FROM ks.t")).isTrue();
    assertThat(TemplateQueries.isDataStatement("  insert INTO ks.t (k) VALUES (1)")).isTrue();
    assertThat(TemplateQueries.isDataStatement("Update ks.t SET v = 1 WHERE k = 1")).isTrue();
    assertThat(TemplateQueries.isDataStatement("DELETE FROM ks.t WHERE k = 1")).isTrue();
    assertThat(TemplateQueries.isDataStatement("CREATE TABLE ks.t (k int PRIMARY KEY)")).isFalse();
    assertThat(TemplateQueries.isDataStatement("USE ks")).isFalse();
    assertThat(TemplateQueries.isDataStatement("SELECTED")).isFalse();
    assertThat(TemplateQueries.isDataStatement("")).isFalse();
  }
}
