package io.scyllaboot.driver.api.error;

import java.util.List;

/** A user-defined function threw during execution (code 0x1400). */
public class FunctionFailureException extends ServerException {
  private final String keyspace;
  private final String function;
  private final List<String> argumentTypes;

  public FunctionFailureException(
      String message, String keyspace, String function, List<String> argumentTypes) {
    super(ErrorCodes.FUNCTION_FAILURE, message);
    this.keyspace = keyspace;
    this.function = function;
    this.argumentTypes = List.copyOf(argumentTypes);
  }

  /** The function's keyspace. */
  public String keyspace() {
    return keyspace;
  }

  /** The function's name. */
  public String function() {
    return function;
  }

  /** The CQL types of the function's arguments. */
  public List<String> argumentTypes() {
    return argumentTypes;
  }
}
