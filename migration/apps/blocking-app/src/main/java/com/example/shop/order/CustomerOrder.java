package com.example.shop.order;

import com.example.shop.money.Money;
import java.util.List;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

@Table("customer_orders")
public class CustomerOrder {

  @PrimaryKey private OrderKey key;

  private OrderStatus status;

  private List<String> items;

  @Column("total")
  private Money total;

  public CustomerOrder() {}

  public CustomerOrder(OrderKey key, OrderStatus status, List<String> items, Money total) {
    this.key = key;
    this.status = status;
    this.items = items;
    this.total = total;
  }

  public OrderKey getKey() {
    return key;
  }

  public OrderStatus getStatus() {
    return status;
  }

  public void setStatus(OrderStatus status) {
    this.status = status;
  }

  public List<String> getItems() {
    return items;
  }

  public Money getTotal() {
    return total;
  }
}
