package com.example.catalog;

import java.math.BigDecimal;
import java.time.Clock;
import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

@Service
public class CatalogService {

  private final ProductRepository products;
  private final ReactiveCassandraOperations template;
  private final Clock clock = Clock.systemUTC();

  public CatalogService(ProductRepository products, ReactiveCassandraOperations template) {
    this.products = products;
    this.template = template;
  }

  /** Changes the price and records the change; an unknown SKU completes empty. */
  public Mono<Product> changePrice(String sku, BigDecimal newPrice) {
    return products
        .findById(sku)
        .flatMap(
            product -> {
              PriceChange change =
                  new PriceChange(sku, clock.instant(), product.getPrice(), newPrice);
              product.setPrice(newPrice);
              return products.save(product).flatMap(saved -> template.insert(change).thenReturn(saved));
            });
  }

  public Mono<Long> countProducts() {
    return template.count(Product.class);
  }

  public Mono<Product> find(String sku) {
    return template.selectOneById(sku, Product.class);
  }

  public Mono<Boolean> discontinue(String sku) {
    return template.deleteById(sku, Product.class);
  }
}
