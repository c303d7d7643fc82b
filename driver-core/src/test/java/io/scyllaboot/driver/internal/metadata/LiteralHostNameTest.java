package io.scyllaboot.driver.internal.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/** The control connection's address as the node's: an IP literal prints as the JDK prints it. */
class LiteralHostNameTest {
  @Test
  void should_drop_an_ip_literal_host_name_and_keep_a_real_one_and_an_ipv6_scope()
      throws Exception {
    InetSocketAddress literal =
        new InetSocketAddress(
            InetAddress.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1}), 9042);
    assertThat(literal).hasToString("127.0.0.1/127.0.0.1:9042");
    assertThat(TopologyRefresher.withoutLiteralHostName(literal)).hasToString("/127.0.0.1:9042");

    InetSocketAddress named =
        new InetSocketAddress(
            InetAddress.getByAddress("db.example", new byte[] {10, 0, 0, 5}), 9042);
    assertThat(TopologyRefresher.withoutLiteralHostName(named)).isSameAs(named);

    byte[] linkLocal = new byte[16];
    linkLocal[0] = (byte) 0xfe;
    linkLocal[1] = (byte) 0x80;
    linkLocal[15] = 1;
    InetSocketAddress scoped =
        new InetSocketAddress(Inet6Address.getByAddress(null, linkLocal, 1), 9042);
    assertThat(
            ((Inet6Address) TopologyRefresher.withoutLiteralHostName(scoped).getAddress())
                .getScopeId())
        .as("a link-local address keeps its scope")
        .isEqualTo(1);
  }
}
