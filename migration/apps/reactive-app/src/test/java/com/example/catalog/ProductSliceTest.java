package com.example.catalog;

import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.cassandra.test.autoconfigure.DataCassandraTest;
import reactor.test.StepVerifier;

@DataCassandraTest
class ProductSliceTest extends LocalCassandra {

  @Autowired ProductRepository products;

  @Test
  void theReactiveRepositoryWorksInTheDataSlice() {
    String sku = "SKU-" + UUID.randomUUID();
    StepVerifier.create(
            products
                .save(new Product(sku, "Stool", "furniture", new BigDecimal("25.00"), 8))
                .then(products.findById(sku))
                .map(Product::getStock))
        .expectNext(8)
        .verifyComplete();
  }
}
