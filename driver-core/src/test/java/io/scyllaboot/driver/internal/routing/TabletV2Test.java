package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The {@code tablets-routing-v2} payload and the tablet version block. */
class TabletV2Test {
  private static final UUID LEADER = UUID.fromString("22222222-2222-2222-2222-222222222222");
  private static final UUID FOLLOWER = UUID.fromString("11111111-1111-1111-1111-111111111111");

  /** The v1 tuple of scylla.md section 7.2, the leader first, then [int 8][bigint version]. */
  private static final String V2_PAYLOAD =
      "00000008c000000000000000000000080000000000000000"
          + "0000004400000002"
          + "0000001c0000001022222222222222222222222222222222"
          + "0000000400000003"
          + "0000001c0000001011111111111111111111111111111111"
          + "0000000400000000"
          + "000000080123456789abcdef";

  @Test
  void should_decode_the_range_the_ordered_replicas_and_the_version() {
    Tablet tablet = Tablet.decodeV2(ByteBuffer.wrap(HexFormat.of().parseHex(V2_PAYLOAD)));
    assertThat(tablet.firstToken()).isEqualTo(-4611686018427387904L + 1);
    assertThat(tablet.lastToken()).isZero();
    assertThat(tablet.replicas())
        .containsExactly(new Tablet.Replica(LEADER, 3), new Tablet.Replica(FOLLOWER, 0));
    assertThat(tablet.version()).isEqualTo(0x0123456789abcdefL);
    assertThat(tablet.leaderFirst()).isTrue();
  }

  @Test
  void should_refuse_a_v1_payload_as_v2_and_keep_v1_without_a_version() {
    String v1 = V2_PAYLOAD.substring(0, V2_PAYLOAD.length() - 24);
    assertThatThrownBy(() -> Tablet.decodeV2(ByteBuffer.wrap(HexFormat.of().parseHex(v1))))
        .isInstanceOf(IllegalArgumentException.class);
    Tablet tablet = Tablet.decode(ByteBuffer.wrap(HexFormat.of().parseHex(v1)));
    assertThat(tablet.leaderFirst()).isFalse();
    assertThat(tablet.version()).isZero();
    assertThat(tablet)
        .isEqualTo(
            new Tablet(
                tablet.firstToken(),
                0,
                List.of(new Tablet.Replica(LEADER, 3), new Tablet.Replica(FOLLOWER, 0))));
  }

  @Test
  void should_encode_a_block_as_its_index_and_that_nibble_of_the_version() {
    // The spec's example: the 13th block equal to 0xC is the byte 0xDC.
    assertThat(Tablet.versionBlock(0x00C0_0000_0000_0000L, 13)).isEqualTo(0xDC);
    long version = 0x0123456789abcdefL;
    for (int index = 0; index < 16; index++) {
      int block = Tablet.versionBlock(version, index);
      assertThat(block >>> 4).isEqualTo(index);
      assertThat(block & 0x0F).isEqualTo((int) (version >>> (4 * index)) & 0x0F);
    }
    assertThat(Tablet.versionBlock(version, 16 + 2)).isEqualTo(Tablet.versionBlock(version, 2));
  }
}
