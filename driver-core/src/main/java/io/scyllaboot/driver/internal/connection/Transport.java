package io.scyllaboot.driver.internal.connection;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The socket transport: Netty's native epoll on Linux when its native library loads (fewer copies
 * and wake-ups than NIO's selector), else NIO. The epoll classes are touched only after checking
 * that they are on the class path, so excluding {@code netty-transport-native-epoll} just means
 * NIO.
 */
public enum Transport {
  NIO,
  EPOLL;

  private static final Logger LOG = LoggerFactory.getLogger(Transport.class);

  /** Set to {@code nio} to force NIO whatever the builder says (a JVM-wide escape hatch). */
  public static final String PROPERTY = "scyllaboot.transport";

  /**
   * Epoll when allowed and available, else NIO.
   *
   * @param nativeAllowed false forces NIO
   */
  public static Transport select(boolean nativeAllowed) {
    if (!nativeAllowed || "nio".equalsIgnoreCase(System.getProperty(PROPERTY))) {
      return NIO;
    }
    if (EpollSupport.AVAILABLE) {
      return EPOLL;
    }
    LOG.debug("native epoll transport unavailable ({}); using NIO", EpollSupport.REASON);
    return NIO;
  }

  public IoHandlerFactory ioHandlerFactory() {
    return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
  }

  /** The socket channel class matching the I/O type of a group's event loops. */
  static Class<? extends SocketChannel> socketChannel(EventLoopGroup group) {
    if (EpollSupport.AVAILABLE
        && group instanceof IoEventLoopGroup io
        && io.isIoType(EpollIoHandler.class)) {
      return EpollSocketChannel.class;
    }
    return NioSocketChannel.class;
  }

  /**
   * Whether an error is epoll's report of an address in use (its native errors are not {@link
   * java.net.BindException}s).
   */
  public static boolean isNativeAddressInUse(Throwable error) {
    return EpollSupport.AVAILABLE && NativeErrors.isAddressInUse(error);
  }

  /** Touched only when epoll is available: its classes may be missing otherwise. */
  private static final class NativeErrors {
    /** EADDRINUSE on Linux, the only system epoll runs on; Netty reports errno negated. */
    private static final int EADDRINUSE_NEGATIVE = -98;

    static boolean isAddressInUse(Throwable error) {
      return error instanceof io.netty.channel.unix.Errors.NativeIoException nativeError
          && nativeError.expectedErr() == EADDRINUSE_NEGATIVE;
    }
  }

  /** Checked once; a holder so that a missing epoll jar fails nothing but this check. */
  private static final class EpollSupport {
    static final boolean AVAILABLE;
    static final String REASON;

    static {
      boolean available;
      String reason;
      try {
        Class.forName("io.netty.channel.epoll.Epoll", false, Transport.class.getClassLoader());
        available = Epoll.isAvailable();
        reason = available ? "" : String.valueOf(Epoll.unavailabilityCause());
      } catch (ClassNotFoundException | LinkageError e) {
        available = false;
        reason = "netty-transport-native-epoll not on the class path";
      }
      AVAILABLE = available;
      REASON = reason;
    }
  }
}
