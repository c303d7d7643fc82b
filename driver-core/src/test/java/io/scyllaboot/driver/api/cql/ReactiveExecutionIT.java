package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** {@code session.executeReactive(..)}: rows as a Reactive Streams publisher, page by page. */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveExecutionIT {
  private static final int ROWS = 25;
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("reactive");
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".items (p int, c int, PRIMARY KEY (p, c))");
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".items (p, c) VALUES (0, ?)");
    for (int c = 0; c < ROWS; c++) {
      session.execute(insert.bind(c));
    }
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  /** Records signals; requests {@code batch} rows at a time, {@code limit} rows in all. */
  static class Recorder implements Subscriber<Row> {
    final List<Integer> values = new CopyOnWriteArrayList<>();
    final CountDownLatch ended = new CountDownLatch(1);
    final int batch;
    final int limit;
    volatile Subscription subscription;
    volatile Throwable error;
    volatile int completions;

    Recorder(int batch, int limit) {
      this.batch = batch;
      this.limit = limit;
    }

    @Override
    public void onSubscribe(Subscription s) {
      subscription = s;
      s.request(batch);
    }

    @Override
    public void onNext(Row row) {
      values.add(row.getInt("c"));
      if (values.size() == limit) {
        subscription.cancel();
        ended.countDown();
      } else if (values.size() % batch == 0) {
        subscription.request(batch);
      }
    }

    @Override
    public void onError(Throwable t) {
      error = t;
      ended.countDown();
    }

    @Override
    public void onComplete() {
      completions++;
      ended.countDown();
    }

    Recorder await() throws InterruptedException {
      assertThat(ended.await(30, TimeUnit.SECONDS)).as("the stream ended").isTrue();
      return this;
    }
  }

  private static SimpleStatement selectAll() {
    return SimpleStatement.of("SELECT c FROM " + keyspace + ".items WHERE p = 0").withPageSize(10);
  }

  @Test
  void should_publish_every_row_across_pages_as_the_demand_asks() throws InterruptedException {
    Recorder oneByOne = new Recorder(1, Integer.MAX_VALUE);
    session.executeReactive(selectAll()).subscribe(oneByOne);
    oneByOne.await();
    assertThat(oneByOne.error).isNull();
    assertThat(oneByOne.completions).isEqualTo(1);
    assertThat(oneByOne.values).hasSize(ROWS).isSorted();

    Recorder unbounded = new Recorder(Integer.MAX_VALUE, Integer.MAX_VALUE);
    session
        .executeReactive("SELECT c FROM " + keyspace + ".items WHERE p = ?", 0)
        .subscribe(unbounded);
    assertThat(unbounded.await().values).hasSize(ROWS);
  }

  @Test
  void should_stop_at_cancel_and_send_nothing_before_a_request() throws InterruptedException {
    Recorder partial = new Recorder(4, 7);
    session.executeReactive(selectAll()).subscribe(partial);
    partial.await();
    partial.subscription.request(100); // after cancel: no effect
    assertThat(partial.values).containsExactly(0, 1, 2, 3, 4, 5, 6);
    assertThat(partial.completions).isZero();

    // No demand, no statement: a table that does not exist fails only once rows are requested.
    Recorder idle =
        new Recorder(0, 1) {
          @Override
          public void onSubscribe(Subscription s) {
            subscription = s;
          }
        };
    session.executeReactive("SELECT * FROM " + keyspace + ".missing").subscribe(idle);
    assertThat(idle.error).isNull();
    idle.subscription.request(1);
    assertThat(idle.await().error).hasMessageContaining("missing");
  }

  @Test
  void should_end_with_the_drivers_error_and_refuse_a_second_subscriber()
      throws InterruptedException {
    Recorder syntax = new Recorder(1, 1);
    session.executeReactive("SELEC nothing").subscribe(syntax);
    assertThat(syntax.await().error).isInstanceOf(SyntaxErrorException.class);

    ReactiveResultSet once = session.executeReactive(selectAll());
    Recorder first = new Recorder(Integer.MAX_VALUE, Integer.MAX_VALUE);
    once.subscribe(first);
    Recorder second = new Recorder(1, 1);
    once.subscribe(second);
    assertThat(second.await().error).isInstanceOf(IllegalStateException.class);
    assertThat(first.await().values).hasSize(ROWS);

    Recorder negative =
        new Recorder(1, 1) {
          @Override
          public void onSubscribe(Subscription s) {
            subscription = s;
            s.request(0);
          }
        };
    session.executeReactive(selectAll()).subscribe(negative);
    assertThat(negative.await().error).isInstanceOf(IllegalArgumentException.class);
  }
}
