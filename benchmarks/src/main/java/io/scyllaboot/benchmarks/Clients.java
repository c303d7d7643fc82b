package io.scyllaboot.benchmarks;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/**
 * The clients measured. Each runs one operation of a workload, either asynchronously (a stage
 * completed when the result is checked) or synchronously (from one of the harness's threads). A
 * failed check throws {@link IllegalStateException}. Our driver's clients are in {@link
 * ScyllaClients}, the Apache driver's (and Spring Data Cassandra's) in {@link ApacheClients}.
 */
final class Clients {
  private Clients() {}

  static final String INSERT = "INSERT INTO benchmarks.basic (id, val) VALUES (?, ?)";
  static final String SELECT = "SELECT * FROM benchmarks.basic";
  static final String SELECT_KEY = "SELECT * FROM benchmarks.basic WHERE id = ?";
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** The keys of the pre-filled table: id (0x5EED, i) holds val i, for i in [0, KEYS). */
  static final int KEYS = 10_000;

  static UUID key(int i) {
    return new UUID(0x5EED, i);
  }

  enum Workload {
    INSERT("insert"),
    SELECT("select"),
    SELECT_KEY("select-key");

    final String label;

    Workload(String label) {
      this.label = label;
    }

    static Workload of(String label) {
      for (Workload w : values()) {
        if (w.label.equals(label)) {
          return w;
        }
      }
      throw new IllegalArgumentException("unknown workload " + label);
    }
  }

  abstract static class Client implements AutoCloseable {
    /** Whether the harness calls {@link #sync} from its threads instead of {@link #async}. */
    boolean sync() {
      return false;
    }

    abstract void open(InetSocketAddress node) throws Exception;

    /** One operation; {@code i} is the value (insert) or the key index (select-key). */
    CompletionStage<?> async(Workload workload, UUID id, int i) {
      throw new UnsupportedOperationException();
    }

    void sync(Workload workload, UUID id, int i) {
      throw new UnsupportedOperationException();
    }
  }

  static Client create(String name) {
    return switch (name) {
      case "scylla" -> new ScyllaClients.ScyllaAsync(true);
      case "scylla-observed" -> new ScyllaClients.ScyllaAsync(true, true);
      case "scylla-policies" -> new ScyllaClients.ScyllaAsync(true, false, true);
      case "scylla-shard-unaware" -> new ScyllaClients.ScyllaAsync(false);
      case "scylla-template" -> new ScyllaClients.ScyllaTemplate();
      case "scylla-async-template" -> new ScyllaClients.ScyllaAsyncTemplate();
      case "apache" -> new ApacheClients.ApacheAsync();
      case "scylladb-driver" -> ApacheClients.scyllaDbDriver();
      case "floor" -> new FloorClient();
      case "spring-data" -> new ApacheClients.SpringDataTemplate();
      case "spring-data-async" -> new ApacheClients.SpringDataAsyncTemplate();
      case "harness" -> new HarnessClient();
      default -> throw new IllegalArgumentException("unknown client " + name);
    };
  }

  static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException("check failed: " + what);
    }
  }
}
