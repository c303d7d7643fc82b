package com.example.twin;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

@Table("orders")
public class Order {

  @PrimaryKey private OrderKey key;
  private String status;
  private List<String> items;
  private BigDecimal total;

  public Order() {}

  public Order(OrderKey key, String status, List<String> items, BigDecimal total) {
    this.key = key;
    this.status = status;
    this.items = items;
    this.total = total;
  }

  public OrderKey getKey() {
    return key;
  }

  public String getStatus() {
    return status;
  }

  public List<String> getItems() {
    return items;
  }

  public BigDecimal getTotal() {
    return total;
  }
}
