package com.example.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import reactor.test.StepVerifier;

@SpringBootTest
class CatalogServiceTest extends LocalCassandra {

  @Autowired CatalogService catalog;
  @Autowired ProductRepository products;
  @Autowired PriceChangeRepository changes;

  private String newProduct() {
    String sku = "SKU-" + UUID.randomUUID();
    products.save(new Product(sku, "Chair", "furniture", new BigDecimal("120.00"), 3)).block();
    return sku;
  }

  @Test
  void aPriceChangeUpdatesTheProductAndIsRecorded() {
    String sku = newProduct();

    StepVerifier.create(catalog.changePrice(sku, new BigDecimal("99.00")))
        .assertNext(p -> assertThat(p.getPrice()).isEqualByComparingTo("99.00"))
        .verifyComplete();

    assertThat(products.findById(sku).block().getPrice()).isEqualByComparingTo("99.00");
    StepVerifier.create(changes.findBySku(sku))
        .assertNext(
            change -> {
              assertThat(change.getOldPrice()).isEqualByComparingTo("120.00");
              assertThat(change.getNewPrice()).isEqualByComparingTo("99.00");
            })
        .verifyComplete();
  }

  @Test
  void anUnknownProductCompletesEmpty() {
    StepVerifier.create(catalog.changePrice("SKU-missing-" + UUID.randomUUID(), BigDecimal.ONE))
        .verifyComplete();
  }

  @Test
  void theTemplateCountsFindsAndDeletes() {
    long before = catalog.countProducts().block();
    String sku = newProduct();

    assertThat(catalog.countProducts().block()).isGreaterThanOrEqualTo(before + 1);
    StepVerifier.create(catalog.find(sku).map(Product::getName)).expectNext("Chair").verifyComplete();
    StepVerifier.create(catalog.discontinue(sku).then(catalog.find(sku))).verifyComplete();
  }
}
