package io.scyllaboot.driver.api.cql;

import org.reactivestreams.Publisher;

/**
 * The rows of a statement as a Reactive Streams {@link Publisher} ({@code
 * session.executeReactive(statement)}, the DataStax driver's {@code ReactiveResultSet}): the
 * statement runs when a subscriber first requests rows, pages are fetched as the demand reaches
 * them, and a failure ends the stream with the driver's exception. One subscriber only, as in the
 * DataStax driver: a second one gets an {@code IllegalStateException}. Rows are signalled on the
 * driver's threads: a subscriber that blocks should move to its own ({@code publishOn} in Reactor).
 * A statement that returns no rows completes the stream empty.
 */
public interface ReactiveResultSet extends Publisher<Row> {}
