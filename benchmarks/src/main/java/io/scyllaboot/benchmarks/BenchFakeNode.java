package io.scyllaboot.benchmarks;

import io.scyllaboot.test.fakescylla.FakeScyllaCluster;
import java.util.concurrent.CountDownLatch;

/**
 * The target of {@code --fake}, in its own JVM: test-support's fake cluster in its lean mode
 * ({@link FakeScyllaCluster.Builder#lean()}: one node of one shard shaped as an Apache Cassandra
 * node, no per-request bookkeeping), with the statements of {@link Clients} primed as for {@code
 * --scylla} ({@link BenchScyllaCluster#prime}: every select-key answers the row of key {@link
 * BenchScyllaCluster#ROW_VALUE}, which the harness tells the clients to expect). Usage: {@code
 * BenchFakeNode [host] [port]}; prints {@code FAKE-NODE-READY host:port} once listening, then
 * serves until the process is stopped.
 */
public final class BenchFakeNode {
  private BenchFakeNode() {}

  public static void main(String[] args) throws InterruptedException {
    String host = args.length > 0 ? args[0] : "127.0.0.1";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 19042;
    try (FakeScyllaCluster node =
        FakeScyllaCluster.builder().lean().firstAddress(host).port(port).build()) {
      BenchScyllaCluster.prime(node);
      System.out.println("FAKE-NODE-READY " + host + ":" + port);
      System.out.flush();
      new CountDownLatch(1).await(); // the harness destroys the process
    }
  }
}
