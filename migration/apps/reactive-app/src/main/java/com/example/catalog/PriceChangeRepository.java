package com.example.catalog;

import java.time.Instant;
import org.springframework.data.cassandra.core.mapping.MapId;
import org.springframework.data.cassandra.repository.ReactiveCassandraRepository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface PriceChangeRepository extends ReactiveCassandraRepository<PriceChange, MapId> {

  Flux<PriceChange> findBySku(String sku);

  Flux<PriceChange> findBySkuAndChangedAtAfter(String sku, Instant after);

  Mono<PriceChange> findFirstBySku(String sku);
}
