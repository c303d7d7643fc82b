package io.scyllaboot.driver.api.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 32, defect 4: the fixed host is resolved once (the translator's contract: no look-up per
 * call), not on every translation of every refresh.
 */
class FixedHostResolutionTest {

  @Test
  void should_resolve_the_fixed_host_once() throws Exception {
    AtomicInteger lookups = new AtomicInteger();
    InetAddress proxy = InetAddress.getByAddress("proxy.example", new byte[] {10, 0, 0, 7});
    FixedHostAddressTranslator translator =
        new FixedHostAddressTranslator(
            "proxy.example",
            host -> {
              lookups.incrementAndGet();
              return proxy;
            });
    for (int i = 0; i < 5; i++) {
      InetSocketAddress translated =
          translator.translate(new InetSocketAddress("10.1.0." + (i + 1), 9042 + i));
      assertThat(translated.getAddress()).isEqualTo(proxy);
      assertThat(translated.getPort()).isEqualTo(9042 + i);
    }
    assertThat(lookups).hasValue(1);
  }

  @Test
  void should_retry_a_look_up_that_failed_and_keep_the_address_unresolved_meanwhile() {
    AtomicInteger lookups = new AtomicInteger();
    FixedHostAddressTranslator translator =
        new FixedHostAddressTranslator(
            "proxy.example",
            host -> {
              if (lookups.incrementAndGet() == 1) {
                throw new UnknownHostException(host);
              }
              return InetAddress.getByAddress(host, new byte[] {10, 0, 0, 7});
            });
    InetSocketAddress first = translator.translate(new InetSocketAddress("10.1.0.1", 9042));
    assertThat(first.isUnresolved()).isTrue();
    assertThat(first.getHostString()).isEqualTo("proxy.example");
    assertThat(translator.translate(new InetSocketAddress("10.1.0.1", 9042)).isUnresolved())
        .isFalse();
    translator.translate(new InetSocketAddress("10.1.0.2", 9042));
    assertThat(lookups).hasValue(2);
  }
}
