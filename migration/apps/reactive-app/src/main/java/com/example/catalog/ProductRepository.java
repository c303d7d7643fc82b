package com.example.catalog;

import java.util.List;
import org.springframework.data.cassandra.repository.AllowFiltering;
import org.springframework.data.cassandra.repository.Query;
import org.springframework.data.cassandra.repository.ReactiveCassandraRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface ProductRepository extends ReactiveCassandraRepository<Product, String> {

  @AllowFiltering
  Flux<Product> findByCategory(String category);

  @AllowFiltering
  Mono<Long> countByCategory(String category);

  @Query("SELECT * FROM products WHERE sku IN ?0")
  Flux<Product> findBySkus(List<String> skus);
}
