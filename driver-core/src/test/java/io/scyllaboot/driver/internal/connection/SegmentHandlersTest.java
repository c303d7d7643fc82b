package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.api.error.CrcMismatchException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.Lz4Compressor;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.frame.SegmentCodec;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.internal.protocol.message.Startup;
import io.scyllaboot.driver.testing.ByteWriter;
import io.scyllaboot.driver.testing.RecordingAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The v5 segment encoder and decoder handlers on embedded channels. */
class SegmentHandlersTest {
  private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;
  private static final int MAX_FRAME = 1 << 20;

  private static SegmentCodec codec(boolean lz4) {
    return new SegmentCodec(lz4 ? Lz4Compressor.INSTANCE : null);
  }

  private static ByteBuf startup() {
    return RequestFrames.encode(ALLOC, 5, new Startup(Map.of("CQL_VERSION", "3.0.0")));
  }

  /**
   * A v5 response envelope: READY, or a RESULT of one row holding one blob that fills it to {@code
   * bodyLength} bytes (a RESULT's bytes must all be accounted for).
   */
  private static ByteBuf response(int opcode, int streamId, int bodyLength) {
    ByteWriter body = new ByteWriter();
    if (opcode == Opcodes.RESULT) {
      body.writeInt(Result.ROWS).writeInt(0x0004).writeInt(1).writeInt(1);
      body.writeInt(bodyLength - 20).writeRaw(new byte[bodyLength - 20]);
    }
    return new ByteWriter()
        .writeByte(0x85)
        .writeByte(0)
        .writeShort(streamId)
        .writeByte(opcode)
        .writeInt(body.size())
        .write(body)
        .toBuffer();
  }

  /** Reads every outbound segment into one buffer, as the wire would carry them. */
  private static ByteBuf drainOutbound(EmbeddedChannel channel) {
    ByteBuf wire = ALLOC.buffer();
    ByteBuf segment;
    while ((segment = channel.readOutbound()) != null) {
      wire.writeBytes(segment);
      segment.release();
    }
    return wire;
  }

  private static EmbeddedChannel framedDecoder(boolean lz4) {
    EmbeddedChannel channel =
        new EmbeddedChannel(new SegmentDecoder(codec(lz4), MAX_FRAME, "test"));
    channel.writeInbound(response(Opcodes.READY, 1, 0)); // unframed; switches to segments
    ResponseFrame ready = channel.readInbound();
    assertThat(ready.message()).isSameAs(Response.Ready.INSTANCE);
    return channel;
  }

  @Test
  void should_send_startup_plain_then_pack_small_frames_into_one_segment() {
    EmbeddedChannel channel = new EmbeddedChannel(new SegmentEncoder(codec(false)));
    ByteBuf startup = startup();
    int startupLength = startup.readableBytes();
    channel.writeOutbound(startup);
    ByteBuf plain = channel.readOutbound();
    assertThat(plain.readableBytes()).isEqualTo(startupLength);
    plain.release();

    for (int i = 0; i < 3; i++) {
      channel.write(RequestFrames.encode(ALLOC, 5, Options.INSTANCE));
    }
    assertThat((Object) channel.readOutbound()).as("nothing before the flush").isNull();
    channel.flush();

    ByteBuf segmentBytes = channel.readOutbound();
    assertThat((Object) channel.readOutbound()).isNull();
    SegmentCodec.Segment segment = codec(false).decode(ALLOC, segmentBytes);
    assertThat(segment.selfContained()).isTrue();
    assertThat(segment.payload().readableBytes()).isEqualTo(3 * 9);
    segment.payload().release();
    segmentBytes.release();
    assertThat(channel.finish()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void should_split_a_large_frame_and_reassemble_it(boolean lz4) {
    EmbeddedChannel encoder = new EmbeddedChannel(new SegmentEncoder(codec(lz4)));
    encoder.writeOutbound(startup());
    ((ByteBuf) encoder.readOutbound()).release();
    int bodyLength = 300 * 1024; // three segments: 128 KiB - 1, 128 KiB - 1, the rest
    encoder.writeOutbound(response(Opcodes.RESULT, 9, bodyLength));
    List<ByteBuf> segments = new ArrayList<>();
    ByteBuf segment;
    while ((segment = encoder.readOutbound()) != null) {
      segments.add(segment);
    }
    assertThat(segments).hasSize(3);
    SegmentCodec check = codec(lz4);
    for (ByteBuf each : segments) {
      SegmentCodec.Segment decoded = check.decode(ALLOC, each.duplicate());
      assertThat(decoded.selfContained()).isFalse();
      decoded.payload().release();
    }

    EmbeddedChannel decoder = framedDecoder(lz4);
    for (ByteBuf each : segments) {
      decoder.writeInbound(each);
    }
    ResponseFrame frame = decoder.readInbound();
    assertThat(frame.streamId()).isEqualTo(9);
    assertThat(frame.message()).isInstanceOf(RowsResult.class);
    ((RowsResult) frame.message()).release();
    assertThat(encoder.finish()).isFalse();
    assertThat(decoder.finish()).isFalse();
  }

  @Test
  void should_not_preallocate_a_large_frame_announced_by_its_first_segment() {
    RecordingAllocator allocator = new RecordingAllocator();
    EmbeddedChannel decoder =
        new EmbeddedChannel(new SegmentDecoder(codec(false), 256 << 20, "test"));
    decoder.config().setAllocator(allocator);
    decoder.writeInbound(response(Opcodes.READY, 1, 0));
    ((ResponseFrame) decoder.readInbound()).message();
    // The first segment of a frame that announces a 200 MiB body, then nothing more.
    ByteBuf header =
        new ByteWriter()
            .writeByte(0x85)
            .writeByte(0)
            .writeShort(3)
            .writeByte(Opcodes.RESULT)
            .writeInt(200 << 20)
            .writeInt(Result.VOID)
            .toBuffer();
    ByteBuf segment = codec(false).encode(ALLOC, header, false);
    header.release();

    decoder.writeInbound(segment);

    assertThat((Object) decoder.readInbound()).isNull();
    assertThat(allocator.largest()).as("largest allocation").isLessThan(1 << 20);
    assertThat(decoder.finish()).isFalse(); // releases the partial frame
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void should_decode_packed_envelopes_fed_one_byte_at_a_time(boolean lz4) {
    EmbeddedChannel encoder = new EmbeddedChannel(new SegmentEncoder(codec(lz4)));
    encoder.writeOutbound(startup());
    ((ByteBuf) encoder.readOutbound()).release();
    encoder.write(response(Opcodes.READY, 3, 0));
    encoder.write(response(Opcodes.RESULT, 4, 200));
    encoder.write(response(Opcodes.RESULT, 5, 64));
    encoder.flush();
    ByteBuf wire = drainOutbound(encoder);

    EmbeddedChannel decoder = framedDecoder(lz4);
    while (wire.isReadable()) {
      decoder.writeInbound(wire.readRetainedSlice(1));
    }
    wire.release();
    List<Integer> streams = new ArrayList<>();
    ResponseFrame frame;
    while ((frame = decoder.readInbound()) != null) {
      streams.add(frame.streamId());
      if (frame.message() instanceof RowsResult rows) {
        rows.release();
      }
    }
    assertThat(streams).containsExactly(3, 4, 5);
    assertThat(encoder.finish()).isFalse();
    assertThat(decoder.finish()).isFalse();
  }

  @Test
  void should_fail_in_flight_requests_with_a_crc_mismatch_and_close() {
    InFlightHandler inFlight = new InFlightHandler(4, 4, 4, "test-conn", event -> {});
    EmbeddedChannel channel =
        new EmbeddedChannel(new SegmentDecoder(codec(false), MAX_FRAME, "test-conn"), inFlight);
    PendingRequest startup = new PendingRequest(startup(), "test", 0);
    inFlight.write(startup);
    channel.flush();
    ((ByteBuf) channel.readOutbound()).release();
    channel.writeInbound(response(Opcodes.READY, 1, 0));
    assertThat(startup).isCompleted();

    PendingRequest query =
        new PendingRequest(RequestFrames.encode(ALLOC, 5, Options.INSTANCE), "test", 0);
    inFlight.write(query);
    channel.flush();
    ((ByteBuf) channel.readOutbound()).release();
    ByteBuf payload = response(Opcodes.READY, 1, 0);
    ByteBuf corrupt = codec(false).encode(ALLOC, payload, true);
    payload.release();
    corrupt.setByte(8, corrupt.getByte(8) ^ 0x10); // inside the payload
    channel.writeInbound(corrupt);

    assertThatThrownBy(query::join)
        .hasCauseInstanceOf(CrcMismatchException.class)
        .hasMessageContaining("test-conn")
        .hasMessageContaining("payload CRC32 mismatch");
    assertThat(channel.isOpen()).isFalse();
    channel.finishAndReleaseAll();
  }
}
