package io.scyllaboot.spring.cql.init;

/**
 * A statement of a CQL script failed; the message names the script, the statement's line and the
 * server's message.
 */
public class ScriptStatementFailedException extends CqlScriptException {
  private final String statement;

  public ScriptStatementFailedException(
      String script, CqlScriptStatement statement, Throwable cause) {
    super(
        script,
        statement.line(),
        "statement failed: " + cause.getMessage() + " [" + abbreviate(statement.cql()) + "]",
        cause);
    this.statement = statement.cql();
  }

  /** The statement that failed. */
  public String getStatement() {
    return statement;
  }

  private static String abbreviate(String cql) {
    String oneLine = cql.replaceAll("\\s+", " ");
    return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 197) + "...";
  }
}
