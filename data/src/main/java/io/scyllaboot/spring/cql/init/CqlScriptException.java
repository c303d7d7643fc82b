package io.scyllaboot.spring.cql.init;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.NonTransientDataAccessException;

/** A CQL script could not be read, split or run. */
public class CqlScriptException extends NonTransientDataAccessException {
  private final String script;
  private final int line;

  /**
   * @param script the script's description, e.g. {@code class path resource [schema.cql]}
   * @param line the 1-based line the problem is on, or 0 when it is not on a line
   */
  public CqlScriptException(String script, int line, String message, @Nullable Throwable cause) {
    super(line > 0 ? script + ", line " + line + ": " + message : script + ": " + message, cause);
    this.script = script;
    this.line = line;
  }

  /** The script's description, e.g. {@code class path resource [schema.cql]}. */
  public String getScript() {
    return script;
  }

  /** The 1-based line the problem is on, or 0 when it is not on a line. */
  public int getLine() {
    return line;
  }
}
