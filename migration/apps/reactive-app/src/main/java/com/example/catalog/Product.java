package com.example.catalog;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

@Table("products")
public class Product {

  @PrimaryKey private String sku;

  private String name;

  private String category;

  private BigDecimal price;

  private int stock;

  private Set<String> labels = new HashSet<>();

  @Version private Long version;

  @CreatedDate private Instant createdAt;

  @LastModifiedDate private Instant updatedAt;

  public Product() {}

  public Product(String sku, String name, String category, BigDecimal price, int stock) {
    this.sku = sku;
    this.name = name;
    this.category = category;
    this.price = price;
    this.stock = stock;
  }

  public String getSku() {
    return sku;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getCategory() {
    return category;
  }

  public BigDecimal getPrice() {
    return price;
  }

  public void setPrice(BigDecimal price) {
    this.price = price;
  }

  public int getStock() {
    return stock;
  }

  public void setStock(int stock) {
    this.stock = stock;
  }

  public Set<String> getLabels() {
    return labels;
  }

  public void setLabels(Set<String> labels) {
    this.labels = labels;
  }

  public Long getVersion() {
    return version;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
