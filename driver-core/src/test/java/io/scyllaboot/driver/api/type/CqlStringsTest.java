package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CqlStringsTest {

  @Test
  void should_quote_and_unquote_as_cql_writes_literals_and_names() {
    assertThat(CqlStrings.quote("it's")).isEqualTo("'it''s'");
    assertThat(CqlStrings.unquote("'it''s'")).isEqualTo("it's");
    assertThat(CqlStrings.isQuoted("'a'")).isTrue();
    assertThat(CqlStrings.isQuoted("'")).isFalse();
    assertThat(CqlStrings.isQuoted(null)).isFalse();
    assertThat(CqlStrings.unquote("plain")).isEqualTo("plain");
    assertThat(CqlStrings.doubleQuote("My\"Table")).isEqualTo("\"My\"\"Table\"");
    assertThat(CqlStrings.unDoubleQuote("\"My\"\"Table\"")).isEqualTo("My\"Table");
    assertThat(CqlStrings.isDoubleQuoted("\"x\"")).isTrue();
  }
}
