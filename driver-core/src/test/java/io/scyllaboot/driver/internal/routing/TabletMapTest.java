package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The tablets-routing-v1 payload (the byte example of shared/scylla.md) and the tablet map. */
class TabletMapTest {
  private static final UUID ONES = UUID.fromString("11111111-1111-1111-1111-111111111111");
  private static final UUID TWOS = UUID.fromString("22222222-2222-2222-2222-222222222222");

  /** Range (-4611686018427387904, 0], replicas 1111... on shard 0 and 2222... on shard 3. */
  private static final String EXAMPLE =
      "00000008c000000000000000000000080000000000000000"
          + "0000004400000002"
          + "0000001c0000001011111111111111111111111111111111"
          + "0000000400000000"
          + "0000001c0000001022222222222222222222222222222222"
          + "0000000400000003";

  @Test
  void should_decode_the_documented_payload() {
    byte[] bytes = HexFormat.of().parseHex(EXAMPLE);
    assertThat(bytes).hasSize(96);
    Tablet tablet = Tablet.decode(ByteBuffer.wrap(bytes));
    assertThat(tablet.firstToken()).isEqualTo(-4611686018427387904L + 1);
    assertThat(tablet.lastToken()).isZero();
    assertThat(tablet.replicas())
        .containsExactly(new Tablet.Replica(ONES, 0), new Tablet.Replica(TWOS, 3));
    assertThat(tablet.contains(-4611686018427387904L)).as("first token is exclusive").isFalse();
    assertThat(tablet.contains(0)).isTrue();
  }

  @Test
  void should_refuse_truncated_or_forged_payloads() {
    byte[] bytes = HexFormat.of().parseHex(EXAMPLE);
    for (int cut : new int[] {0, 7, 20, 40, 95}) {
      ByteBuffer truncated = ByteBuffer.wrap(bytes, 0, cut).slice();
      assertThatThrownBy(() -> Tablet.decode(truncated))
          .as("cut at %d", cut)
          .isInstanceOf(IllegalArgumentException.class);
    }
    byte[] forged = bytes.clone();
    forged[27] = 0x7f; // replica count 0x7f000002: far more than the bytes hold
    ByteBuffer forgedBuffer = ByteBuffer.wrap(forged);
    assertThatThrownBy(() -> Tablet.decode(forgedBuffer))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Tablet tablet(long first, long last, UUID... hosts) {
    return new Tablet(
        first, last, java.util.Arrays.stream(hosts).map(h -> new Tablet.Replica(h, 0)).toList());
  }

  @Test
  void should_find_the_tablet_of_a_token_and_replace_overlapping_ones() {
    TabletMap map = new TabletMap();
    map.add("ks", "t", tablet(-100, -1, ONES));
    map.add("ks", "t", tablet(0, 99, ONES));
    map.add("ks", "t", tablet(100, 199, TWOS));
    assertThat(map.lookup("ks", "t", -50).lastToken()).isEqualTo(-1);
    assertThat(map.lookup("ks", "t", 0).firstToken()).isZero();
    assertThat(map.lookup("ks", "t", 150).replicas().get(0).hostId()).isEqualTo(TWOS);
    assertThat(map.lookup("ks", "t", 500)).isNull();
    assertThat(map.lookup("ks", "other", 0)).isNull();

    // A split or move: the new tablet replaces the two it overlaps.
    map.add("ks", "t", tablet(50, 149, TWOS));
    assertThat(map.tablets("ks", "t")).extracting(Tablet::firstToken).containsExactly(-100L, 50L);
    assertThat(map.lookup("ks", "t", 10)).isNull();
    assertThat(map.lookup("ks", "t", 60).replicas().get(0).hostId()).isEqualTo(TWOS);
  }

  @Test
  void should_drop_tablets_of_removed_nodes() {
    TabletMap map = new TabletMap();
    map.add("ks", "t", tablet(0, 9, ONES));
    map.add("ks", "t", tablet(10, 19, ONES, TWOS));
    map.retainNodes(Set.of(ONES));
    assertThat(map.tablets("ks", "t")).extracting(Tablet::firstToken).containsExactly(0L);
    assertThat(List.of(map.lookup("ks", "t", 5))).hasSize(1);
  }
}
