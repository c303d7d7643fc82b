package com.example.twin;

import java.math.BigDecimal;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.cassandra.core.mapping.Table;

/** A catalogue entry; the catalogue is imported and withdrawn in bulk. */
@Table("products")
public class Product {

  @Id private UUID id;
  private String name;
  private BigDecimal price;
  private int stock;

  public Product() {}

  public Product(UUID id, String name, BigDecimal price, int stock) {
    this.id = id;
    this.name = name;
    this.price = price;
    this.stock = stock;
  }

  public UUID getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public BigDecimal getPrice() {
    return price;
  }

  public int getStock() {
    return stock;
  }
}
