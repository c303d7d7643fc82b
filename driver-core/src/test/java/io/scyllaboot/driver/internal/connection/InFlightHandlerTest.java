package io.scyllaboot.driver.internal.connection;

import static io.scyllaboot.driver.internal.connection.EmbeddedFrames.ready;
import static io.scyllaboot.driver.internal.connection.EmbeddedFrames.writtenStreamId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stream-id assignment, the waiting queue and failure on close, on an embedded channel. */
class InFlightHandlerTest {

  private static PendingRequest request() {
    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE);
    return new PendingRequest(frame, "test", 0);
  }

  @Test
  void should_write_waiting_requests_in_order_skipping_timed_out_ones() {
    InFlightHandler handler = new InFlightHandler(1, 10, 1, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    PendingRequest a = request();
    PendingRequest b = request();
    PendingRequest c = request();
    handler.write(a);
    handler.write(b);
    handler.write(c);
    channel.flush();
    assertThat(writtenStreamId(channel)).isEqualTo(1);
    assertThat((Object) channel.readOutbound()).isNull(); // b and c wait for the only id

    b.completeExceptionally(new DriverTimeoutException("b timed out while waiting"));
    channel.writeInbound(ready(1));

    assertThat(a).isCompletedWithValueMatching(frame -> frame.message() == Response.Ready.INSTANCE);
    assertThat(writtenStreamId(channel)).as("c is written on the freed id").isEqualTo(1);
    channel.writeInbound(ready(1));
    assertThat(c).isCompleted();
    assertThat(handler.inFlightCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  /**
   * Cassandra 5.0 sends some errors on stream 0 whatever the request's stream was: no request ever
   * holds stream 0, so such a response completes nothing and frees no id that the node still owes
   * an answer on.
   */
  @Test
  void should_match_a_response_on_stream_zero_to_no_request() {
    InFlightHandler handler = new InFlightHandler(2, 10, 2, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    PendingRequest a = request();
    PendingRequest b = request();
    handler.write(a);
    handler.write(b);
    channel.flush();
    assertThat(List.of(writtenStreamId(channel), writtenStreamId(channel)))
        .containsExactlyInAnyOrder(1, 2);

    channel.writeInbound(ready(0));

    assertThat(a).isNotDone();
    assertThat(b).isNotDone();
    assertThat(handler.inFlightCount()).isEqualTo(2);
    channel.writeInbound(ready(1));
    channel.writeInbound(ready(2));
    assertThat(a).isCompleted();
    assertThat(b).isCompleted();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_refuse_requests_past_the_waiting_bound() {
    InFlightHandler handler = new InFlightHandler(1, 1, 1, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    PendingRequest a = request();
    PendingRequest b = request();
    PendingRequest c = request();
    handler.write(a);
    handler.write(b);
    handler.write(c);
    assertThat(c).isCompletedExceptionally();
    assertThatThrownBy(c::join).hasCauseInstanceOf(BusyConnectionException.class);
    channel.flush();
    writtenStreamId(channel);
    channel.close();
    assertThatThrownBy(a::join).hasCauseInstanceOf(ConnectionException.class);
    assertThatThrownBy(b::join).hasCauseInstanceOf(ConnectionException.class);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_keep_a_timed_out_id_until_its_late_response_arrives() {
    InFlightHandler handler = new InFlightHandler(2, 10, 2, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    PendingRequest a = request();
    handler.write(a);
    channel.flush();
    int id = writtenStreamId(channel);
    a.completeExceptionally(new DriverTimeoutException("a timed out"));
    assertThat(handler.inFlightCount()).isEqualTo(1);
    channel.writeInbound(ready(id));
    assertThat(handler.inFlightCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_tell_a_callback_that_throws_of_its_own_failure() {
    // The backstop of issue 21 (defect 2): a defect in the code a response runs (the request
    // handler's) must still complete the caller's future, not only reach the log.
    InFlightHandler handler = new InFlightHandler(1, 10, 1, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    List<Throwable> told = new java.util.ArrayList<>();
    ResponseCallback failing =
        new ResponseCallback() {
          @Override
          public void onResponse(ResponseFrame response, Throwable error) {
            throw new NullPointerException("a defect in the response path");
          }

          @Override
          public void onCallbackFailure(Throwable unexpected) {
            told.add(unexpected);
          }
        };
    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE);
    PendingRequest request = new PendingRequest(frame, "test", 0, failing);
    handler.write(request);
    channel.flush();
    writtenStreamId(channel);
    channel.writeInbound(ready(1));
    assertThat(told).singleElement().isInstanceOf(NullPointerException.class);
    assertThat(channel.isOpen()).as("the connection is not closed for it").isTrue();
    assertThat(channel.finish()).isFalse();
  }
}
