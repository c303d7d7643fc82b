package com.example.catalog;

import java.math.BigDecimal;
import java.time.Instant;
import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;
import org.springframework.data.cassandra.core.mapping.Table;

/** One price change of a product; a product's changes share a partition, newest first. */
@Table("price_changes")
public class PriceChange {

  @PrimaryKeyColumn(name = "sku", ordinal = 0, type = PrimaryKeyType.PARTITIONED)
  private String sku;

  @PrimaryKeyColumn(name = "changed_at", ordinal = 1, type = PrimaryKeyType.CLUSTERED, ordering = Ordering.DESCENDING)
  private Instant changedAt;

  private BigDecimal oldPrice;

  private BigDecimal newPrice;

  public PriceChange() {}

  public PriceChange(String sku, Instant changedAt, BigDecimal oldPrice, BigDecimal newPrice) {
    this.sku = sku;
    this.changedAt = changedAt;
    this.oldPrice = oldPrice;
    this.newPrice = newPrice;
  }

  public String getSku() {
    return sku;
  }

  public Instant getChangedAt() {
    return changedAt;
  }

  public BigDecimal getOldPrice() {
    return oldPrice;
  }

  public BigDecimal getNewPrice() {
    return newPrice;
  }
}
