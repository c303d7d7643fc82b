package io.scyllaboot.readme.quickstart;

import io.scyllaboot.spring.cql.CqlTemplate;
import org.springframework.stereotype.Service;

// As printed in the README's Spring Boot quick start (ManualTest checks it).
@Service
class Catalog {
  private final ItemRepository items;
  private final CqlTemplate cql;

  Catalog(ItemRepository items, CqlTemplate cql) {
    this.items = items;
    this.cql = cql;
  }

  int addAndPrice(String id, String name, int price) {
    items.save(new Item(id, name, price));
    return cql.queryForObject("SELECT price FROM items WHERE id = ?", Integer.class, id);
  }
}
