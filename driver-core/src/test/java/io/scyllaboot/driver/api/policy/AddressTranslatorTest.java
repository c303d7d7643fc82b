package io.scyllaboot.driver.api.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The address translators' mapping, and their errors for bad configuration. */
class AddressTranslatorTest {

  private static InetSocketAddress at(String ip, int port) {
    return new InetSocketAddress(ip, port);
  }

  @Test
  void identity_returns_the_advertised_address() {
    assertThat(AddressTranslator.IDENTITY.translate(at("10.0.0.1", 9042)))
        .isEqualTo(at("10.0.0.1", 9042));
  }

  @Test
  void fixed_host_keeps_the_advertised_port() {
    InetSocketAddress translated =
        AddressTranslator.fixedHost("proxy.example.com").translate(at("10.0.0.1", 19042));
    assertThat(translated.getHostString()).isEqualTo("proxy.example.com");
    assertThat(translated.getPort()).isEqualTo(19042);
    assertThatThrownBy(() -> AddressTranslator.fixedHost(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("blank");
  }

  @Test
  void static_map_translates_host_and_port_and_leaves_unknown_addresses() {
    AddressTranslator nat =
        AddressTranslator.staticMap(
            Map.of("10.0.0.1:9042", "203.0.113.7:30042", "10.0.0.1:19042", "203.0.113.7:31042"));
    assertThat(nat.translate(at("10.0.0.1", 9042))).isEqualTo(at("203.0.113.7", 30042));
    assertThat(nat.translate(at("10.0.0.1", 19042))).isEqualTo(at("203.0.113.7", 31042));
    assertThat(nat.translate(at("10.0.0.2", 9042))).isEqualTo(at("10.0.0.2", 9042));
    InetSocketAddress named =
        AddressTranslator.staticMap(Map.of("[fd00::1]:9042", "node-1.example.com:30042"))
            .translate(at("fd00::1", 9042));
    assertThat(named.getHostString()).isEqualTo("node-1.example.com");
    assertThat(named.isUnresolved()).as("resolved later, by the session").isTrue();
  }

  @Test
  void static_map_rejects_entries_without_a_port_or_with_a_host_name_as_source() {
    assertThatThrownBy(() -> AddressTranslator.staticMap(Map.of("10.0.0.1", "1.2.3.4:9042")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'10.0.0.1' must be host:port");
    assertThatThrownBy(() -> AddressTranslator.staticMap(Map.of("node1:9042", "1.2.3.4:9042")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be an IP address");
    assertThatThrownBy(() -> AddressTranslator.staticMap(Map.of("10.0.0.1:x", "1.2.3.4:9042")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no valid port");
  }

  @Test
  void subnets_pick_the_first_matching_subnet_and_keep_the_port_unless_named() {
    Map<String, String> subnets = new LinkedHashMap<>();
    subnets.put("10.1.0.0/16", "az1.example.com");
    subnets.put("10.2.0.0/15", "az2.example.com:39042");
    subnets.put("10.0.0.0/8", "rest.example.com");
    subnets.put("fd00::/8", "v6.example.com");
    AddressTranslator translator = AddressTranslator.subnets(subnets);
    InetSocketAddress az1 = translator.translate(at("10.1.200.3", 9042));
    assertThat(az1.getHostString()).isEqualTo("az1.example.com");
    assertThat(az1.getPort()).isEqualTo(9042);
    InetSocketAddress az2 = translator.translate(at("10.3.0.9", 19042));
    assertThat(az2.getHostString()).as("10.3 is in 10.2.0.0/15").isEqualTo("az2.example.com");
    assertThat(az2.getPort()).isEqualTo(39042);
    assertThat(translator.translate(at("10.4.0.1", 9042)).getHostString())
        .isEqualTo("rest.example.com");
    assertThat(translator.translate(at("fd00::5", 9042)).getHostString())
        .isEqualTo("v6.example.com");
    assertThat(translator.translate(at("192.168.1.1", 9042))).isEqualTo(at("192.168.1.1", 9042));
  }

  @Test
  void subnets_reject_invalid_cidrs() {
    assertThatThrownBy(() -> AddressTranslator.subnets(Map.of("10.0.0.0", "a")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not CIDR");
    assertThatThrownBy(() -> AddressTranslator.subnets(Map.of("10.0.0.0/33", "a")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("prefix length outside 0-32");
    assertThatThrownBy(() -> AddressTranslator.subnets(Map.of("intranet/8", "a")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not start with an IP");
  }
}
