package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** The publisher's signals when sending fails before anything leaves. */
class RowPublisherTest {

  @Test
  void should_signal_a_statement_refused_on_the_spot_as_an_error_not_a_throw() {
    IllegalStateException refused = new IllegalStateException("session closed");
    List<String> signals = new ArrayList<>();
    new RowPublisher(
            () -> {
              throw refused;
            })
        .subscribe(
            new Subscriber<Row>() {
              @Override
              public void onSubscribe(Subscription s) {
                signals.add("subscribed");
                s.request(1); // must not throw
              }

              @Override
              public void onNext(Row row) {
                signals.add("row");
              }

              @Override
              public void onError(Throwable t) {
                signals.add("error " + t.getMessage());
              }

              @Override
              public void onComplete() {
                signals.add("complete");
              }
            });
    assertThat(signals).containsExactly("subscribed", "error session closed");
  }
}
