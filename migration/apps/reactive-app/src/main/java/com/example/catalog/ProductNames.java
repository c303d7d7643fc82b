package com.example.catalog;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import org.reactivestreams.Publisher;
import org.springframework.data.cassandra.core.mapping.event.ReactiveBeforeConvertCallback;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Product names come from many suppliers' feeds: stored without surrounding blanks. */
@Component
public class ProductNames implements ReactiveBeforeConvertCallback<Product> {

  @Override
  public Publisher<Product> onBeforeConvert(Product product, CqlIdentifier tableName) {
    if (product.getName() != null) {
      product.setName(product.getName().strip());
    }
    return Mono.just(product);
  }
}
