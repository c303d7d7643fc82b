package io.scyllaboot.driver.internal.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.ResponseDecoder;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The routes table's reading, the choice of a host's route, and the event's decoding. */
class ClientRoutesTest {
  private static final UUID HOST = new UUID(1, 1);
  private static final UUID OTHER_HOST = new UUID(1, 2);

  private static Map<String, Object> row(
      String connectionId, UUID hostId, String address, Integer port, Integer tlsPort) {
    Map<String, Object> row = new HashMap<>(); // HashMap: a port may be null
    row.put("connection_id", connectionId);
    row.put("host_id", hostId);
    row.put("address", address);
    row.put("port", port);
    row.put("tls_port", tlsPort);
    return row;
  }

  @Test
  void the_query_reads_only_the_configured_connection_ids_with_quotes_doubled() {
    ClientRoutes routes = new ClientRoutes(List.of("pl-1", "it's"), false);

    assertThat(routes.query())
        .isEqualTo(
            "SELECT connection_id, host_id, address, port, tls_port FROM system.client_routes"
                + " WHERE connection_id IN ('pl-1', 'it''s')");
  }

  @Test
  void a_host_takes_the_route_of_the_first_configured_connection_id_then_keeps_it() {
    ClientRoutes routes = new ClientRoutes(List.of("az1", "az2"), false);
    routes.replace(
        List.of(
            row("az2", HOST, "127.0.0.2", 9002, null), row("az1", HOST, "127.0.0.1", 9001, null)));

    assertThat(routes.address(HOST)).isEqualTo(new InetSocketAddress("127.0.0.1", 9001));

    // az1's endpoint moves: the host stays on az1 (its connection id), at the new port.
    routes.replace(
        List.of(
            row("az2", HOST, "127.0.0.2", 9002, null), row("az1", HOST, "127.0.0.1", 9011, null)));
    assertThat(routes.address(HOST)).isEqualTo(new InetSocketAddress("127.0.0.1", 9011));

    // az1's row is deleted: the host moves to az2, and then stays there when az1 comes back.
    routes.replace(List.of(row("az2", HOST, "127.0.0.2", 9002, null)));
    assertThat(routes.address(HOST)).isEqualTo(new InetSocketAddress("127.0.0.2", 9002));
    routes.replace(
        List.of(
            row("az1", HOST, "127.0.0.1", 9001, null), row("az2", HOST, "127.0.0.2", 9002, null)));
    assertThat(routes.address(HOST)).isEqualTo(new InetSocketAddress("127.0.0.2", 9002));
  }

  @Test
  void tls_connections_use_the_tls_port_and_a_missing_port_is_no_route() {
    ClientRoutes plain = new ClientRoutes(List.of("pl"), false);
    ClientRoutes tls = new ClientRoutes(List.of("pl"), true);
    List<Map<String, Object>> rows =
        List.of(
            row("pl", HOST, "127.0.0.1", 9042, 9142),
            row("pl", OTHER_HOST, "127.0.0.1", 9043, null));
    plain.replace(rows);
    tls.replace(rows);

    assertThat(plain.address(HOST)).isEqualTo(new InetSocketAddress("127.0.0.1", 9042));
    assertThat(tls.address(HOST)).isEqualTo(new InetSocketAddress("127.0.0.1", 9142));
    assertThat(tls.address(OTHER_HOST)).isNull();
    assertThat(tls.describeMissing(OTHER_HOST))
        .isEqualTo("its route under connection id 'pl' has no tls_port");
    assertThat(plain.address(new UUID(9, 9))).isNull();
    assertThat(plain.describeMissing(new UUID(9, 9)))
        .contains(
            "no row for host id 00000000-0000-0009-0000-000000000009 under connection ids [pl]")
        .contains("2 hosts have one");
  }

  @Test
  void an_event_concerns_the_session_only_when_it_names_one_of_its_connection_ids() {
    ClientRoutes routes = new ClientRoutes(List.of("pl"), false);

    assertThat(
            routes.concerns(
                new Response.ClientRoutesChange(List.of("other", "pl"), List.of(HOST, HOST))))
        .isTrue();
    assertThat(routes.concerns(new Response.ClientRoutesChange(List.of("other"), List.of(HOST))))
        .isFalse();
    assertThat(routes.concerns(null)).isFalse();
  }

  @Test
  void the_client_routes_change_event_decodes_its_pairs() {
    ByteBuf body = Unpooled.buffer();
    try {
      Primitives.writeString(body, "CLIENT_ROUTES_CHANGE");
      Primitives.writeString(body, "UPDATE_NODES");
      Primitives.writeStringList(body, List.of("pl", "pl"));
      Primitives.writeStringList(body, List.of(HOST.toString(), OTHER_HOST.toString()));

      Response decoded = ResponseDecoder.decode(Opcodes.EVENT, body, 4);

      assertThat(decoded)
          .isEqualTo(
              new Response.Event(
                  "CLIENT_ROUTES_CHANGE",
                  "UPDATE_NODES",
                  null,
                  null,
                  new Response.ClientRoutesChange(List.of("pl", "pl"), List.of(HOST, OTHER_HOST))));
    } finally {
      body.release();
    }
  }

  @Test
  void an_event_whose_lists_differ_in_length_is_refused() {
    ByteBuf body = Unpooled.buffer();
    try {
      Primitives.writeString(body, "CLIENT_ROUTES_CHANGE");
      Primitives.writeString(body, "UPDATE_NODES");
      Primitives.writeStringList(body, List.of("pl", "pl"));
      Primitives.writeStringList(body, List.of(HOST.toString()));

      assertThatThrownBy(() -> ResponseDecoder.decode(Opcodes.EVENT, body, 4))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("CLIENT_ROUTES_CHANGE with 2 connection ids but 1 host ids");
    } finally {
      body.release();
    }
  }

  @Test
  void client_routes_and_an_address_translator_cannot_be_combined() {
    assertThatThrownBy(
            () ->
                CqlSession.builder()
                    .withAddressTranslator(AddressTranslator.fixedHost("proxy"))
                    .withClientRoutes(List.of("pl")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("client routes and an address translator cannot be combined");
    assertThatThrownBy(() -> CqlSession.builder().withClientRoutes(List.of(" ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("connection id is blank");
  }
}
