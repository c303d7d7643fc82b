package io.scyllaboot.spring.cql;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/** The CQL is not valid syntax: the CQL counterpart of {@code BadSqlGrammarException}. */
public class CqlSyntaxException extends InvalidDataAccessApiUsageException {
  private final String cql;

  public CqlSyntaxException(String task, String cql, Throwable cause) {
    super(task + "; bad CQL grammar [" + cql + "]", cause);
    this.cql = cql;
  }

  /** The statement that was refused. */
  public String getCql() {
    return cql;
  }
}
