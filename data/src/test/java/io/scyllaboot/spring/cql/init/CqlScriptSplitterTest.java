package io.scyllaboot.spring.cql.init;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CqlScriptSplitterTest {

  private static List<CqlScriptStatement> split(String text) {
    return CqlScriptSplitter.split("test.cql", text);
  }

  @Test
  void should_split_at_semicolons_and_keep_the_last_statement_without_one() {
    assertThat(split("CREATE TABLE a (k int PRIMARY KEY);\n\nINSERT INTO a (k) VALUES (1)"))
        .containsExactly(
            new CqlScriptStatement("CREATE TABLE a (k int PRIMARY KEY)", 1),
            new CqlScriptStatement("INSERT INTO a (k) VALUES (1)", 3));
  }

  @Test
  void should_not_split_inside_string_literals_quoted_identifiers_or_dollar_constants() {
    assertThat(
            split(
                "INSERT INTO t (k, v) VALUES (1, 'it''s; -- not a comment');\n"
                    + "SELECT \"semi;colon\" FROM t;\n"
                    + "CREATE FUNCTION f(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java"
                    + " AS $$ return x; // not a comment either\n $$;"))
        .extracting(CqlScriptStatement::cql)
        .containsExactly(
            "INSERT INTO t (k, v) VALUES (1, 'it''s; -- not a comment')",
            "SELECT \"semi;colon\" FROM t",
            "CREATE FUNCTION f(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE java"
                + " AS $$ return x; // not a comment either\n $$");
  }

  @Test
  void should_drop_comments_and_skip_empty_statements() {
    List<CqlScriptStatement> statements =
        split(
            "-- the schema; version 1\n"
                + "// another; comment\n"
                + "/* a block;\n comment */ CREATE TABLE a (k int PRIMARY KEY); ;\n"
                + "INSERT INTO a (k) VALUES (2); -- trailing; comment\n"
                + "/* only a comment; */");
    assertThat(statements)
        .containsExactly(
            new CqlScriptStatement("CREATE TABLE a (k int PRIMARY KEY)", 4),
            new CqlScriptStatement("INSERT INTO a (k) VALUES (2)", 5));
  }

  @Test
  void should_count_lines_across_multi_line_literals_and_statements() {
    assertThat(split("INSERT INTO t (k, v)\nVALUES (1, 'a\nb');\n\nSELECT * FROM t;"))
        .extracting(CqlScriptStatement::line)
        .containsExactly(1, 5);
  }

  @Test
  void should_keep_minus_signs_and_single_slashes() {
    assertThat(split("UPDATE t SET v = -1 WHERE k = 4/2;"))
        .extracting(CqlScriptStatement::cql)
        .containsExactly("UPDATE t SET v = -1 WHERE k = 4/2");
  }

  @Test
  void should_name_the_script_and_line_of_an_unclosed_literal_or_comment() {
    assertThatThrownBy(() -> split("SELECT 1;\nINSERT INTO t (k) VALUES ('open);"))
        .isInstanceOf(CqlScriptException.class)
        .hasMessage("test.cql, line 2: string literal is not closed")
        .extracting(e -> ((CqlScriptException) e).getLine())
        .isEqualTo(2);
    assertThatThrownBy(() -> split("SELECT 1;\n\n/* open"))
        .hasMessage("test.cql, line 3: comment /* is not closed");
    assertThatThrownBy(() -> split("AS $$ open"))
        .hasMessage("test.cql, line 1: $$ constant is not closed");
  }
}
