package io.scyllaboot.spring.cql.init;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a CQL script into statements at semicolons, following CQL's lexical rules: a semicolon
 * inside a string literal ({@code 'it''s; fine'}), a quoted identifier ({@code "a;b"}), a {@code
 * $$...$$} constant (function bodies) or a comment ({@code --} and {@code //} to the end of the
 * line, {@code /* ... *}{@code /}) does not end a statement. Comments are dropped; empty statements
 * are skipped; the last statement needs no semicolon.
 */
public final class CqlScriptSplitter {
  private CqlScriptSplitter() {}

  /**
   * The statements of a script.
   *
   * @param script the script's description for errors, e.g. its resource
   * @throws CqlScriptException when a string, identifier, {@code $$} constant or comment is not
   *     closed
   */
  public static List<CqlScriptStatement> split(String script, String text) {
    List<CqlScriptStatement> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int startLine = 0; // line of the current statement's first character, 0 before it
    int line = 1;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      char next = i + 1 < n ? text.charAt(i + 1) : '\0';
      if (c == ';') {
        add(statements, current, startLine);
        startLine = 0;
        i++;
      } else if ((c == '-' && next == '-') || (c == '/' && next == '/')) {
        while (i < n && text.charAt(i) != '\n') {
          i++;
        }
        // The newline stays: it separates tokens and is counted below.
      } else if (c == '/' && next == '*') {
        int opened = line;
        int end = text.indexOf("*/", i + 2);
        if (end < 0) {
          throw new CqlScriptException(script, opened, "comment /* is not closed", null);
        }
        line += count(text, i, end + 2);
        i = end + 2;
        current.append(' ');
      } else if (c == '\'' || c == '"') {
        int end = quotedEnd(text, i, c);
        if (end < 0) {
          throw new CqlScriptException(
              script,
              line,
              (c == '\'' ? "string literal" : "quoted identifier") + " is not closed",
              null);
        }
        startLine = startLine == 0 ? line : startLine;
        current.append(text, i, end);
        line += count(text, i, end);
        i = end;
      } else if (c == '$' && next == '$') {
        int end = text.indexOf("$$", i + 2);
        if (end < 0) {
          throw new CqlScriptException(script, line, "$$ constant is not closed", null);
        }
        startLine = startLine == 0 ? line : startLine;
        current.append(text, i, end + 2);
        line += count(text, i, end + 2);
        i = end + 2;
      } else {
        if (c == '\n') {
          line++;
        } else if (!Character.isWhitespace(c) && startLine == 0) {
          startLine = line;
        }
        current.append(c);
        i++;
      }
    }
    add(statements, current, startLine);
    return statements;
  }

  /** The index after the closing quote of the literal opened at {@code start}, or -1. */
  private static int quotedEnd(String text, int start, char quote) {
    int i = start + 1;
    while (i < text.length()) {
      if (text.charAt(i) == quote) {
        if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
          i += 2; // a doubled quote is the quote itself
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return -1;
  }

  private static int count(String text, int from, int to) {
    int lines = 0;
    for (int i = from; i < to; i++) {
      if (text.charAt(i) == '\n') {
        lines++;
      }
    }
    return lines;
  }

  private static void add(List<CqlScriptStatement> statements, StringBuilder cql, int line) {
    String statement = cql.toString().strip();
    cql.setLength(0);
    if (!statement.isEmpty()) {
      statements.add(new CqlScriptStatement(statement, line));
    }
  }
}
