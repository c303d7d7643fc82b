package io.scyllaboot.driver.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class BoundedOpensTest {

  @Test
  void should_keep_at_most_the_bound_in_flight_and_complete_when_every_open_ended() {
    List<CompletableFuture<Void>> started = new ArrayList<>();
    List<Supplier<CompletionStage<?>>> opens = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      opens.add(
          () -> {
            CompletableFuture<Void> open = new CompletableFuture<>();
            started.add(open);
            return open;
          });
    }
    CompletableFuture<Void> done = BoundedOpens.run(opens, 2, Runnable::run);
    assertThat(started).hasSize(2);
    started.get(0).complete(null);
    assertThat(started).hasSize(3);
    started.get(1).completeExceptionally(new RuntimeException("refused")); // failures count too
    started.get(2).complete(null);
    assertThat(started).hasSize(5);
    assertThat(done).isNotDone();
    started.get(3).complete(null);
    started.get(4).complete(null);
    assertThat(done).isCompleted();
  }

  @Test
  void should_complete_at_once_without_opens_and_survive_an_open_that_throws() {
    assertThat(BoundedOpens.run(List.of(), 3, Runnable::run)).isCompleted();
    List<Supplier<CompletionStage<?>>> opens = new ArrayList<>();
    opens.add(
        () -> {
          throw new IllegalStateException("no port");
        });
    opens.add(() -> CompletableFuture.completedFuture(null));
    assertThat(BoundedOpens.run(opens, 1, Runnable::run)).isCompleted();
  }
}
