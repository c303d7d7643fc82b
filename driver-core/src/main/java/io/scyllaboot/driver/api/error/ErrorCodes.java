package io.scyllaboot.driver.api.error;

/** The error codes of the CQL native protocol (v4 and v5), section 9 of the specification. */
public final class ErrorCodes {
  public static final int SERVER_ERROR = 0x0000;
  public static final int PROTOCOL_ERROR = 0x000A;
  public static final int AUTHENTICATION_ERROR = 0x0100;
  public static final int UNAVAILABLE = 0x1000;
  public static final int OVERLOADED = 0x1001;
  public static final int IS_BOOTSTRAPPING = 0x1002;
  public static final int TRUNCATE_ERROR = 0x1003;
  public static final int WRITE_TIMEOUT = 0x1100;
  public static final int READ_TIMEOUT = 0x1200;
  public static final int READ_FAILURE = 0x1300;
  public static final int FUNCTION_FAILURE = 0x1400;
  public static final int WRITE_FAILURE = 0x1500;
  public static final int CDC_WRITE_FAILURE = 0x1600;
  public static final int CAS_WRITE_UNKNOWN = 0x1700;
  public static final int SYNTAX_ERROR = 0x2000;
  public static final int UNAUTHORIZED = 0x2100;
  public static final int INVALID = 0x2200;
  public static final int CONFIG_ERROR = 0x2300;
  public static final int ALREADY_EXISTS = 0x2400;
  public static final int UNPREPARED = 0x2500;

  /**
   * ScyllaDB's "rate limit reached" (extension {@code SCYLLA_RATE_LIMIT_ERROR}); the driver asks
   * for the extension only when the node announces this code.
   */
  public static final int SCYLLA_RATE_LIMIT = 0xF000;

  private ErrorCodes() {}

  /**
   * A readable name for an error code, {@code "Unknown error"} for codes this driver does not know.
   */
  public static String name(int code) {
    return switch (code) {
      case SERVER_ERROR -> "Server error";
      case PROTOCOL_ERROR -> "Protocol error";
      case AUTHENTICATION_ERROR -> "Authentication error";
      case UNAVAILABLE -> "Unavailable";
      case OVERLOADED -> "Overloaded";
      case IS_BOOTSTRAPPING -> "Is bootstrapping";
      case TRUNCATE_ERROR -> "Truncate error";
      case WRITE_TIMEOUT -> "Write timeout";
      case READ_TIMEOUT -> "Read timeout";
      case READ_FAILURE -> "Read failure";
      case FUNCTION_FAILURE -> "Function failure";
      case WRITE_FAILURE -> "Write failure";
      case CDC_WRITE_FAILURE -> "CDC write failure";
      case CAS_WRITE_UNKNOWN -> "CAS write unknown";
      case SYNTAX_ERROR -> "Syntax error";
      case UNAUTHORIZED -> "Unauthorized";
      case INVALID -> "Invalid query";
      case CONFIG_ERROR -> "Configuration error";
      case ALREADY_EXISTS -> "Already exists";
      case UNPREPARED -> "Unprepared";
      case SCYLLA_RATE_LIMIT -> "Rate limit reached";
      default -> "Unknown error";
    };
  }
}
