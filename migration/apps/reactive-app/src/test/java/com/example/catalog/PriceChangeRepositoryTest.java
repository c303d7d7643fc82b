package com.example.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

@SpringBootTest
class PriceChangeRepositoryTest extends LocalCassandra {

  private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");

  @Autowired PriceChangeRepository changes;

  private String recordChanges(int count) {
    String sku = "SKU-" + UUID.randomUUID();
    Flux.range(0, count)
        .map(i -> new PriceChange(sku, T0.plus(i, ChronoUnit.DAYS), BigDecimal.valueOf(10 + i), BigDecimal.valueOf(11 + i)))
        .flatMap(changes::save)
        .blockLast();
    return sku;
  }

  @Test
  void changesOfAProductComeNewestFirst() {
    String sku = recordChanges(3);
    StepVerifier.create(changes.findBySku(sku).map(PriceChange::getChangedAt).collectList())
        .assertNext(
            times ->
                assertThat(times)
                    .containsExactly(T0.plus(2, ChronoUnit.DAYS), T0.plus(1, ChronoUnit.DAYS), T0))
        .verifyComplete();
  }

  @Test
  void changesAfterAnInstantAreDerivedOnTheClusteringColumn() {
    String sku = recordChanges(4);
    StepVerifier.create(changes.findBySkuAndChangedAtAfter(sku, T0.plus(1, ChronoUnit.DAYS)).count())
        .expectNext(2L)
        .verifyComplete();
  }

  @Test
  void theLatestChangeIsTheFirstRow() {
    String sku = recordChanges(3);
    StepVerifier.create(changes.findFirstBySku(sku))
        .assertNext(
            change -> {
              assertThat(change.getChangedAt()).isEqualTo(T0.plus(2, ChronoUnit.DAYS));
              assertThat(change.getNewPrice()).isEqualByComparingTo("13");
            })
        .verifyComplete();
  }
}
