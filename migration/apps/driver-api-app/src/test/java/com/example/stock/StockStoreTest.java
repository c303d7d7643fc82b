package com.example.stock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StockStoreTest extends LocalNode {

  private StockStore store;

  @BeforeEach
  void emptyTables() {
    session.execute(StockDatabase.schemaChange("TRUNCATE items"));
    store = new StockStore(session);
  }

  @Test
  void savedItemIsReadBackWithEveryColumn() {
    Instant updated = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    store.save(new Item("A-1", "anvil", 3, List.of("iron", "heavy"), updated));

    Item found = store.find("A-1");

    assertThat(found).isEqualTo(new Item("A-1", "anvil", 3, List.of("iron", "heavy"), updated));
    assertThat(store.find("missing")).isNull();
  }

  @Test
  void adjustmentUpdatesTheQuantityAndRecordsTheMovementInOneBatch() {
    String sku = "B-" + UUID.randomUUID();
    store.save(new Item(sku, "bucket", 10, List.of(), Instant.now()));

    Movement first = store.adjust(sku, 7, -3, "sold");
    Movement second = store.adjust(sku, 12, 5, "delivered");

    assertThat(store.find(sku).quantity()).isEqualTo(12);
    assertThat(store.history(sku))
        .extracting(Movement::id)
        .containsExactlyInAnyOrder(first.id(), second.id());
    assertThat(store.history(sku)).contains(new Movement(sku, second.id(), 5, "delivered"));
    assertThat(first.id()).isNotEqualTo(second.id());
  }

  @Test
  void iteratingAResultFetchesEveryPage() {
    saveItems(25);

    assertThat(store.allSkus(4)).hasSize(25).doesNotHaveDuplicates();
  }

  @Test
  void firstPageHoldsAtMostThePageSize() {
    saveItems(9);

    assertThat(store.firstPage(4)).isEqualTo(new StockStore.PageInfo(4, true));
    assertThat(store.firstPage(50)).isEqualTo(new StockStore.PageInfo(9, false));
  }

  @Test
  void theReportProfileOfTheConfigurationFileSetsThePageSize() {
    saveItems(9);

    assertThat(store.reportFirstPage()).isEqualTo(new StockStore.PageInfo(3, true));
  }

  @Test
  void asynchronousPagingSumsEveryPage() {
    saveItems(11);

    long expected = IntStream.range(0, 11).sum();
    assertThat(store.totalQuantity(3).toCompletableFuture().join()).isEqualTo(expected);
  }

  @Test
  void onlyTheFirstClaimIsApplied() {
    String sku = "C-" + UUID.randomUUID();

    assertThat(store.claim(sku, "alice")).isTrue();
    assertThat(store.claim(sku, "bob")).isFalse();
  }

  @Test
  void columnDefinitionsNameTheSelectedColumns() {
    assertThat(store.itemColumns()).containsExactly("sku", "name", "quantity", "tags", "updated");
  }

  @Test
  void tracedReadHasATracingId() {
    store.save(new Item("D-4", "drill", 1, List.of(), Instant.now()));

    UUID trace = store.tracedRead("D-4");

    assertThat(trace).isNotNull();
  }

  @Test
  void refusedQueryIsCaughtAsTheDriversException() {
    saveItems(2);

    assertThat(store.count("items")).isEqualTo(2);
    assertThat(store.count("no_such_table")).isEqualTo(-1);
  }

  private void saveItems(int count) {
    for (int i = 0; i < count; i++) {
      store.save(new Item("S-" + i, "item " + i, i, List.of("bulk"), Instant.now()));
    }
  }
}
