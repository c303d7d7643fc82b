package io.scyllaboot.driver.api.cql;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A server-side trace of one request, as the coordinator wrote it to {@code system_traces} ({@link
 * ExecutionInfo#queryTrace()}).
 *
 * @param tracingId the tracing session id ({@link ExecutionInfo#tracingId()})
 * @param requestType what the coordinator ran, for example {@code Execute CQL3 query}
 * @param duration how long the coordinator took
 * @param coordinator the node that coordinated the request
 * @param parameters the request's parameters as the server recorded them (query, consistency...)
 * @param startedAt when the coordinator started the request
 * @param events what each node involved did, in the order they did it
 */
public record QueryTrace(
    UUID tracingId,
    String requestType,
    Duration duration,
    @Nullable InetAddress coordinator,
    Map<String, String> parameters,
    @Nullable Instant startedAt,
    List<Event> events) {

  public QueryTrace {
    parameters = Map.copyOf(parameters);
    events = List.copyOf(events);
  }

  /**
   * One step of a traced request on one node.
   *
   * @param activity what the node did
   * @param timestamp when (from the event's time-based id)
   * @param source the node
   * @param sourceElapsedMicros microseconds since the node started on the request
   * @param threadName the server thread
   */
  public record Event(
      String activity,
      Instant timestamp,
      @Nullable InetAddress source,
      int sourceElapsedMicros,
      @Nullable String threadName) {}
}
