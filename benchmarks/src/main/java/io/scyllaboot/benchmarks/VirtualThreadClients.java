package io.scyllaboot.benchmarks;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The synchronous clients run from virtual threads instead of platform threads: {@code
 * scylla-template-virtual} and {@code spring-data-virtual} are {@code scylla-template} and {@code
 * spring-data} with the harness's caller threads made virtual (one per caller, on the JDK's default
 * scheduler: a carrier thread per core). Virtual threads need Java 21 or later; the project builds
 * for 17, so they are reached by reflection and the harness JVM (whose {@code java} the clients run
 * on) must be 21+.
 */
final class VirtualThreadClients {
  private VirtualThreadClients() {}

  private static final String SUFFIX = "-virtual";

  static final List<String> NAMES = List.of("scylla-template-virtual", "spring-data-virtual");

  static boolean isVirtual(String client) {
    return NAMES.contains(client);
  }

  /** The client whose calls a virtual-thread client makes: its name without the suffix. */
  static String platformName(String client) {
    return isVirtual(client) ? client.substring(0, client.length() - SUFFIX.length()) : client;
  }

  /**
   * An executor starting a virtual thread per task.
   *
   * @throws IllegalStateException on a JVM without virtual threads (before Java 21)
   */
  static ExecutorService executor() {
    try {
      return (ExecutorService)
          Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "virtual threads need Java 21 or later; this JVM is "
              + Runtime.version()
              + " (run the harness with a newer java, e.g. PATH=/path/to/jdk-21/bin:$PATH)",
          e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("could not create a virtual-thread executor", e);
    }
  }
}
