package com.example.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.OptimisticLockingFailureException;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

@SpringBootTest
class ProductRepositoryTest extends LocalCassandra {

  @Autowired ProductRepository products;

  private static String sku() {
    return "SKU-" + UUID.randomUUID();
  }

  private static Product lamp(String sku, String category) {
    Product product = new Product(sku, "Desk lamp", category, new BigDecimal("39.90"), 12);
    product.setLabels(Set.of("lighting", "office"));
    return product;
  }

  @Test
  void savesAndReadsAProduct() {
    String sku = sku();
    StepVerifier.create(products.save(lamp(sku, "lighting")).then(products.findById(sku)))
        .assertNext(
            read -> {
              assertThat(read.getName()).isEqualTo("Desk lamp");
              assertThat(read.getPrice()).isEqualByComparingTo("39.90");
              assertThat(read.getStock()).isEqualTo(12);
              assertThat(read.getLabels()).containsExactlyInAnyOrder("lighting", "office");
            })
        .verifyComplete();
  }

  @Test
  void auditingStampsCreationAndModification() {
    String sku = sku();
    Product saved = products.save(lamp(sku, "lighting")).block();
    assertThat(saved.getCreatedAt()).isNotNull();
    assertThat(saved.getUpdatedAt()).isNotNull();

    Product read = products.findById(sku).block();
    read.setStock(11);
    Product updated = products.save(read).block();

    Product again = products.findById(sku).block();
    assertThat(again.getCreatedAt()).isEqualTo(read.getCreatedAt());
    assertThat(again.getUpdatedAt()).isAfterOrEqualTo(saved.getUpdatedAt());
    assertThat(again.getStock()).isEqualTo(11);
    assertThat(updated.getVersion()).isEqualTo(1L);
  }

  @Test
  void everySaveMovesTheVersion() {
    String sku = sku();
    StepVerifier.create(products.save(lamp(sku, "lighting")))
        .assertNext(saved -> assertThat(saved.getVersion()).isEqualTo(0L))
        .verifyComplete();

    StepVerifier.create(
            products.findById(sku).flatMap(p -> {
              p.setStock(5);
              return products.save(p);
            }))
        .assertNext(saved -> assertThat(saved.getVersion()).isEqualTo(1L))
        .verifyComplete();
    assertThat(products.findById(sku).block().getVersion()).isEqualTo(1L);
  }

  @Test
  void aStaleCopyIsRefused() {
    String sku = sku();
    products.save(lamp(sku, "lighting")).block();
    Product first = products.findById(sku).block();
    Product second = products.findById(sku).block();
    first.setStock(1);
    products.save(first).block();
    second.setStock(2);

    StepVerifier.create(products.save(second))
        .expectError(OptimisticLockingFailureException.class)
        .verify();
    assertThat(products.findById(sku).block().getStock()).isEqualTo(1);
  }

  @Test
  void productsOfACategoryAreFound() {
    String category = "cat-" + UUID.randomUUID();
    String a = sku();
    String b = sku();
    products.saveAll(Flux.just(lamp(a, category), lamp(b, category), lamp(sku(), "other"))).blockLast();

    StepVerifier.create(products.findByCategory(category).map(Product::getSku).collectList())
        .assertNext(skus -> assertThat(skus).containsExactlyInAnyOrder(a, b))
        .verifyComplete();
    StepVerifier.create(products.countByCategory(category)).expectNext(2L).verifyComplete();
  }

  @Test
  void productsAreFoundByAListOfSkus() {
    String a = sku();
    String b = sku();
    products.saveAll(List.of(lamp(a, "x"), lamp(b, "x"), lamp(sku(), "x"))).blockLast();

    StepVerifier.create(products.findBySkus(List.of(a, b)).map(Product::getSku).collectList())
        .assertNext(skus -> assertThat(skus).containsExactlyInAnyOrder(a, b))
        .verifyComplete();
  }

  @Test
  void aDeletedProductIsGone() {
    String sku = sku();
    StepVerifier.create(
            products.save(lamp(sku, "lighting")).then(products.deleteById(sku)).then(products.existsById(sku)))
        .expectNext(false)
        .verifyComplete();
  }

  @Test
  void theCallbackStripsNames() {
    String sku = sku();
    Product product = lamp(sku, "lighting");
    product.setName("  Floor lamp \t");

    StepVerifier.create(products.save(product).then(products.findById(sku)).map(Product::getName))
        .expectNext("Floor lamp")
        .verifyComplete();
  }
}
