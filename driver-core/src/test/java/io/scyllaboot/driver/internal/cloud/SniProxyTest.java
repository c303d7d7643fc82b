package io.scyllaboot.driver.internal.cloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The cloud's SNI proxy: its endpoints, its addresses in turn, and a host looked up again. */
class SniProxyTest {
  private static InetAddress[] ips(String... literals) {
    return java.util.Arrays.stream(literals)
        .map(
            literal -> {
              try {
                return InetAddress.getByName(literal); // a literal: no look-up
              } catch (UnknownHostException e) {
                throw new IllegalArgumentException(e);
              }
            })
        .toArray(InetAddress[]::new);
  }

  @Test
  void should_give_each_node_an_endpoint_of_its_own() {
    SniProxy proxy = proxyAt(ips("127.0.0.1"));
    UUID id = UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    InetSocketAddress endpoint = proxy.endpoint(id);
    assertThat(endpoint.isUnresolved()).isTrue();
    assertThat(endpoint.getHostString()).isEqualTo(id.toString());
    assertThat(proxy.isEndpoint(endpoint)).isTrue();
    assertThat(proxy.isEndpoint(new InetSocketAddress("127.0.0.1", 29042))).isFalse();
    assertThat(proxy.isEndpoint(InetSocketAddress.createUnresolved("db.example", 9042)))
        .as("an unresolved address of another port: not the proxy's")
        .isFalse();
  }

  @Test
  void should_use_the_addresses_found_by_the_latest_look_up() throws UnknownHostException {
    AtomicReference<InetAddress[]> dns = new AtomicReference<>(ips("127.0.0.1"));
    SniProxy proxy = proxy(dns);
    assertThat(proxy.nextAddress()).isEqualTo(new InetSocketAddress("127.0.0.1", 29042));

    dns.set(ips("127.0.0.2", "127.0.0.3"));
    proxy.refresh();
    assertThat(IntStream.range(0, 4).mapToObj(i -> proxy.nextAddress().getAddress()))
        .as("the new addresses in turn")
        .containsOnly(ips("127.0.0.2", "127.0.0.3"))
        .hasSize(4);

    dns.set(null); // the host does not resolve now
    proxy.refresh();
    assertThat(proxy.nextAddress().getAddress()).isIn((Object[]) ips("127.0.0.2", "127.0.0.3"));
  }

  @Test
  void should_say_when_the_host_does_not_resolve_at_first() {
    AtomicReference<InetAddress[]> dns = new AtomicReference<>(null);
    assertThatThrownBy(() -> proxy(dns)).isInstanceOf(UnknownHostException.class);
  }

  private static SniProxy proxyAt(InetAddress[] addresses) {
    try {
      return proxy(new AtomicReference<>(addresses));
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  private static SniProxy proxy(AtomicReference<InetAddress[]> dns) throws UnknownHostException {
    return SniProxy.resolve(
        "proxy.example",
        29042,
        host -> {
          InetAddress[] found = dns.get();
          if (found == null) {
            throw new UnknownHostException(host);
          }
          return found;
        });
  }
}
