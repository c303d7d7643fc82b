package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.error.AlreadyExistsException;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.CasWriteUnknownException;
import io.scyllaboot.driver.api.error.CdcWriteFailureException;
import io.scyllaboot.driver.api.error.ConfigurationException;
import io.scyllaboot.driver.api.error.ErrorCodes;
import io.scyllaboot.driver.api.error.FunctionFailureException;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ProtocolErrorException;
import io.scyllaboot.driver.api.error.RateLimitReachedException;
import io.scyllaboot.driver.api.error.ReadFailureException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.StronglyConsistentTableException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.api.error.TruncateException;
import io.scyllaboot.driver.api.error.UnauthorizedException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.UnpreparedException;
import io.scyllaboot.driver.api.error.WriteFailureException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

/** Decodes an ERROR body into the exception type of its code (section 9 of the specification). */
final class ErrorDecoder {
  private ErrorDecoder() {}

  static ServerException decode(ByteBuf in, int protocolVersion) {
    int code = in.readInt();
    String message = Primitives.readString(in);
    return switch (code) {
      case ErrorCodes.SERVER_ERROR -> new ServerErrorException(message);
      case ErrorCodes.PROTOCOL_ERROR -> new ProtocolErrorException(message);
      case ErrorCodes.AUTHENTICATION_ERROR -> new AuthenticationException(message);
      case ErrorCodes.UNAVAILABLE ->
          new UnavailableException(message, consistency(in), in.readInt(), in.readInt());
      case ErrorCodes.OVERLOADED -> new OverloadedException(message);
      case ErrorCodes.IS_BOOTSTRAPPING -> new BootstrappingException(message);
      case ErrorCodes.TRUNCATE_ERROR -> new TruncateException(message);
      case ErrorCodes.WRITE_TIMEOUT -> {
        ConsistencyLevel cl = consistency(in);
        int received = in.readInt();
        int blockFor = in.readInt();
        String writeType = Primitives.readString(in);
        int contentions = "CAS".equals(writeType) && in.isReadable(2) ? in.readUnsignedShort() : 0;
        yield new WriteTimeoutException(message, cl, received, blockFor, writeType, contentions);
      }
      case ErrorCodes.READ_TIMEOUT ->
          new ReadTimeoutException(
              message, consistency(in), in.readInt(), in.readInt(), in.readByte() != 0);
      case ErrorCodes.READ_FAILURE -> {
        ConsistencyLevel cl = consistency(in);
        int received = in.readInt();
        int blockFor = in.readInt();
        Map<InetAddress, Integer> reasons = new HashMap<>();
        int failures = readFailures(in, protocolVersion, reasons);
        yield new ReadFailureException(
            message, cl, received, blockFor, failures, reasons, in.readByte() != 0);
      }
      case ErrorCodes.FUNCTION_FAILURE ->
          new FunctionFailureException(
              message,
              Primitives.readString(in),
              Primitives.readString(in),
              Primitives.readStringList(in));
      case ErrorCodes.WRITE_FAILURE -> {
        ConsistencyLevel cl = consistency(in);
        int received = in.readInt();
        int blockFor = in.readInt();
        Map<InetAddress, Integer> reasons = new HashMap<>();
        int failures = readFailures(in, protocolVersion, reasons);
        yield new WriteFailureException(
            message, cl, received, blockFor, failures, reasons, Primitives.readString(in));
      }
      case ErrorCodes.CDC_WRITE_FAILURE -> new CdcWriteFailureException(message);
      case ErrorCodes.CAS_WRITE_UNKNOWN ->
          new CasWriteUnknownException(message, consistency(in), in.readInt(), in.readInt());
      case ErrorCodes.SYNTAX_ERROR -> new SyntaxErrorException(message);
      case ErrorCodes.UNAUTHORIZED -> new UnauthorizedException(message);
      case ErrorCodes.INVALID -> {
        // ScyllaDB's refusals for strongly consistent tables come as Invalid: typed by their rule.
        InvalidQueryException strong = StronglyConsistentTableException.fromServerMessage(message);
        yield strong != null ? strong : new InvalidQueryException(message);
      }
      case ErrorCodes.CONFIG_ERROR -> new ConfigurationException(message);
      case ErrorCodes.ALREADY_EXISTS ->
          new AlreadyExistsException(message, Primitives.readString(in), Primitives.readString(in));
      case ErrorCodes.UNPREPARED -> new UnpreparedException(message, Primitives.readShortBytes(in));
      case ErrorCodes.SCYLLA_RATE_LIMIT -> {
        boolean write = in.readUnsignedByte() == 1;
        yield new RateLimitReachedException(message, write, in.readUnsignedByte() != 0);
      }
      default -> new ServerException(code, message);
    };
  }

  private static ConsistencyLevel consistency(ByteBuf in) {
    return ConsistencyLevel.fromCode(in.readUnsignedShort());
  }

  /** v5 sends a reason map (endpoint to failure code); v4 only the count. */
  private static int readFailures(
      ByteBuf in, int protocolVersion, Map<InetAddress, Integer> reasons) {
    if (protocolVersion < 5) {
      return in.readInt();
    }
    int n = in.readInt();
    for (int i = 0; i < n; i++) {
      reasons.put(Primitives.readInetAddr(in), in.readUnsignedShort());
    }
    return n;
  }
}
