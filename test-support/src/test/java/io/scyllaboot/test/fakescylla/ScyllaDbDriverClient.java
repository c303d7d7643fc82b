package io.scyllaboot.test.fakescylla;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * A client written against the Apache driver's API, run by {@link ScyllaDbJavaDriverTest} in a JVM
 * whose classpath has the ScyllaDB Java driver 4.18 instead (the fork keeps that API): it connects
 * to the fake cluster, prepares and executes, and prints what it saw.
 *
 * <p>Arguments: host, port, local data center, requests.
 */
public final class ScyllaDbDriverClient {
  private ScyllaDbDriverClient() {}

  public static void main(String[] args) {
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
            .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
            .withInt(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0)
            .build();
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(args[0], Integer.parseInt(args[1])))
            .withLocalDatacenter(args[2])
            .withConfigLoader(config)
            .build()) {
      PreparedStatement insert = session.prepare("INSERT INTO shop.items (id, name) VALUES (?, ?)");
      int requests = Integer.parseInt(args[3]);
      for (int key = 0; key < requests; key++) {
        session.execute(insert.bind(key, "item " + key));
      }
      System.out.println(
          "CONNECTED nodes="
              + session.getMetadata().getNodes().size()
              + " requests="
              + requests
              + " driver="
              + CqlSession.OSS_DRIVER_COORDINATES.getName()
              + " "
              + CqlSession.OSS_DRIVER_COORDINATES.getVersion());
    }
  }
}
