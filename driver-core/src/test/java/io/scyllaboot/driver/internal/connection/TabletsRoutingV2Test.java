package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.message.Execute;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Request;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The negotiation of tablets routing v2 and the version byte it appends to EXECUTE. */
class TabletsRoutingV2Test {
  private static final Map<String, List<String>> OFFERED =
      Map.of("TABLETS_ROUTING_V1", List.of(""), "TABLETS_ROUTING_V2_EXPERIMENTAL", List.of(""));
  private static final QueryOptions OPTIONS =
      new QueryOptions(
          ConsistencyLevel.QUORUM.code(),
          null,
          false,
          0,
          null,
          -1,
          QueryOptions.NO_TIMESTAMP,
          null);

  @Test
  void should_ask_for_v2_instead_of_v1_only_when_wanted_and_offered() {
    Map<String, String> startup = new HashMap<>(ScyllaFeatures.parse(OFFERED).startupOptions());
    assertThat(startup).containsOnlyKeys("TABLETS_ROUTING_V1"); // the default: v1 alone

    assertThat(TabletsRoutingV2.negotiate(false, OFFERED, startup)).isFalse();
    assertThat(startup).containsOnlyKeys("TABLETS_ROUTING_V1");

    Map<String, List<String>> v1Only = Map.of("TABLETS_ROUTING_V1", List.of(""));
    assertThat(TabletsRoutingV2.negotiate(true, v1Only, startup)).isFalse();
    assertThat(startup).containsOnlyKeys("TABLETS_ROUTING_V1");

    assertThat(TabletsRoutingV2.negotiate(true, OFFERED, startup)).isTrue();
    assertThat(startup).containsOnlyKeys("TABLETS_ROUTING_V2_EXPERIMENTAL");
    assertThat(startup.get("TABLETS_ROUTING_V2_EXPERIMENTAL")).isEmpty();
  }

  @Test
  void should_end_an_execute_with_the_block_and_nothing_else() {
    Execute execute = new Execute(new byte[] {1, 2, 3}, null, OPTIONS);
    byte[] plain = body(execute, -1);
    byte[] withBlock = body(execute, 0xA3);
    assertThat(withBlock).hasSize(plain.length + 1).startsWith(plain).endsWith((byte) 0xA3);

    Query query = new Query("SELECT 1", OPTIONS);
    assertThat(body(query, 0xA3)).isEqualTo(body(query, -1)); // only EXECUTE carries it
  }

  @Test
  void should_pick_an_unknown_versions_block_with_a_value_of_zero_and_a_varying_index() {
    java.util.Set<Integer> indices = new java.util.HashSet<>();
    for (int i = 0; i < 1000; i++) {
      int block = TabletsRoutingV2.unknownVersionBlock();
      assertThat(block & 0x0F).isZero();
      assertThat(block).isBetween(0, 0xF0);
      indices.add(block >>> 4);
    }
    assertThat(indices).hasSize(16);
  }

  private static byte[] body(Request request, int block) {
    ByteBuf frame =
        RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, false, block, request, 1 << 20);
    try {
      assertThat(frame.getInt(5)).isEqualTo(frame.readableBytes() - 9); // the header's length
      return ByteBufUtil.getBytes(frame, 9, frame.readableBytes() - 9);
    } finally {
      frame.release();
    }
  }
}
