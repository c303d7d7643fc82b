package com.example.twin;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.springframework.data.cassandra.core.cql.Ordering;
import org.springframework.data.cassandra.core.cql.PrimaryKeyType;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyClass;
import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn;

/** A customer's orders share a partition, newest first. */
@PrimaryKeyClass
public class OrderKey implements Serializable {

  @PrimaryKeyColumn(name = "customer_id", ordinal = 0, type = PrimaryKeyType.PARTITIONED)
  private UUID customerId;

  @PrimaryKeyColumn(
      name = "placed_at",
      ordinal = 1,
      type = PrimaryKeyType.CLUSTERED,
      ordering = Ordering.DESCENDING)
  private Instant placedAt;

  @PrimaryKeyColumn(name = "order_id", ordinal = 2, type = PrimaryKeyType.CLUSTERED)
  private UUID orderId;

  public OrderKey() {}

  public OrderKey(UUID customerId, Instant placedAt, UUID orderId) {
    this.customerId = customerId;
    this.placedAt = placedAt;
    this.orderId = orderId;
  }

  public UUID getCustomerId() {
    return customerId;
  }

  public Instant getPlacedAt() {
    return placedAt;
  }

  public UUID getOrderId() {
    return orderId;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OrderKey k
        && Objects.equals(customerId, k.customerId)
        && Objects.equals(placedAt, k.placedAt)
        && Objects.equals(orderId, k.orderId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(customerId, placedAt, orderId);
  }
}
