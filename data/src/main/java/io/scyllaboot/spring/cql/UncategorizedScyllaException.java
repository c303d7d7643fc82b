package io.scyllaboot.spring.cql;

import org.springframework.dao.UncategorizedDataAccessException;

/** A driver error with no more specific {@code DataAccessException}. */
public class UncategorizedScyllaException extends UncategorizedDataAccessException {
  public UncategorizedScyllaException(String message, Throwable cause) {
    super(message, cause);
  }
}
