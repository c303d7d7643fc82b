package com.example.stock;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.stock.bins.Bin;
import com.example.stock.bins.BinDao;
import com.example.stock.bins.BinMapper;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BinDaoTest extends LocalNode {

  private BinDao bins;

  @BeforeEach
  void emptyTable() {
    session.execute(StockDatabase.schemaChange("TRUNCATE bins"));
    bins = BinMapper.builder(session).build().binDao();
  }

  @Test
  void savesFindsAndListsBinsInCodeOrder() {
    Bin b2 = new Bin("north", "B2", "lamp-1", 40);
    b2.setUpdatedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    bins.save(b2);
    bins.save(new Bin("north", "A1", "desk-7", 10));
    bins.save(new Bin("south", "A1", "desk-7", 5));

    assertThat(bins.find("north", "B2"))
        .hasValueSatisfying(
            bin -> {
              assertThat(bin.getSku()).isEqualTo("lamp-1");
              assertThat(bin.getCapacity()).isEqualTo(40);
              assertThat(bin.getUpdatedAt()).isEqualTo(b2.getUpdatedAt());
            });
    assertThat(bins.find("north", "Z9")).isEmpty();
    assertThat(bins.inWarehouse("north").all()).extracting(Bin::getCode).containsExactly("A1", "B2");
    assertThat(bins.count("north")).isEqualTo(2L);
  }

  @Test
  void claimsABinOnlyOnce() {
    assertThat(bins.claim(new Bin("east", "C3", "chair-2", 12))).isTrue();
    assertThat(bins.claim(new Bin("east", "C3", "sofa-1", 1))).isFalse();
    assertThat(bins.find("east", "C3")).map(Bin::getSku).contains("chair-2");
  }

  @Test
  void updatesOnlyWhatTheTemplateSets() {
    bins.save(new Bin("west", "D4", "rug-3", 8));
    Bin template = new Bin("west", "D4", null, 9);

    bins.update(template);

    Bin read = bins.find("west", "D4").orElseThrow();
    assertThat(read.getSku()).isEqualTo("rug-3");
    assertThat(read.getCapacity()).isEqualTo(9);
  }

  @Test
  void movesAndDeletesBins() {
    Bin bin = new Bin("north", "E5", "shelf-4", 3);
    bins.save(bin);

    bins.move(bin, "E6");

    assertThat(bins.find("north", "E5")).isEmpty();
    assertThat(bins.find("north", "E6")).map(Bin::getSku).contains("shelf-4");
    bins.delete(new Bin("north", "E6", null, null));
    assertThat(bins.count("north")).isZero();
  }

  @Test
  void readsBinsFromRowsFetchedByHand() {
    bins.save(new Bin("south", "F7", "crate-9", 20));

    Bin read =
        bins.asBin(session.execute("SELECT * FROM bins WHERE warehouse = 'south'").one());

    assertThat(read.getCode()).isEqualTo("F7");
    assertThat(read.getCapacity()).isEqualTo(20);
  }
}
