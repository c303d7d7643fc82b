package com.example.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.shop.money.Money;
import com.example.shop.order.CustomerOrder;
import com.example.shop.order.OrderKey;
import com.example.shop.order.OrderRepository;
import com.example.shop.order.OrderStatus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.cassandra.core.query.CassandraPageRequest;
import org.springframework.data.domain.Slice;

@SpringBootTest
class OrderRepositoryTest extends LocalCassandra {

  private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

  @Autowired OrderRepository orders;

  private List<CustomerOrder> placeOrders(UUID customer, int count) {
    List<CustomerOrder> placed = new java.util.ArrayList<>();
    for (int i = 0; i < count; i++) {
      OrderKey key = new OrderKey(customer, T0.plus(i, ChronoUnit.HOURS), UUID.randomUUID());
      placed.add(
          orders.save(
              new CustomerOrder(key, OrderStatus.PLACED, List.of("book-" + i), Money.of(i + ".99", "EUR"))));
    }
    return placed;
  }

  @Test
  void anOrderIsFoundByItsCompositeKey() {
    UUID customer = UUID.randomUUID();
    CustomerOrder order = placeOrders(customer, 1).get(0);

    CustomerOrder read = orders.findById(order.getKey()).orElseThrow();
    assertThat(read.getKey()).isEqualTo(order.getKey());
    assertThat(read.getStatus()).isEqualTo(OrderStatus.PLACED);
    assertThat(read.getItems()).containsExactly("book-0");
    assertThat(read.getTotal()).isEqualTo(Money.of("0.99", "EUR"));
  }

  @Test
  void ordersOfACustomerComeNewestFirst() {
    UUID customer = UUID.randomUUID();
    placeOrders(customer, 3);

    assertThat(orders.findByKeyCustomerId(customer))
        .extracting(o -> o.getKey().getPlacedAt())
        .containsExactly(T0.plus(2, ChronoUnit.HOURS), T0.plus(1, ChronoUnit.HOURS), T0);
  }

  @Test
  void ordersArePagedInSlices() {
    UUID customer = UUID.randomUUID();
    placeOrders(customer, 5);

    Slice<CustomerOrder> first = orders.findByKeyCustomerId(customer, CassandraPageRequest.first(2));
    assertThat(first.getContent()).hasSize(2);
    assertThat(first.hasNext()).isTrue();
    Slice<CustomerOrder> second = orders.findByKeyCustomerId(customer, first.nextPageable());
    Slice<CustomerOrder> third = orders.findByKeyCustomerId(customer, second.nextPageable());

    assertThat(second.getContent()).hasSize(2);
    assertThat(third.getContent()).hasSize(1);
    assertThat(third.hasNext()).isFalse();
    assertThat(first.getContent().get(0).getKey().getPlacedAt()).isEqualTo(T0.plus(4, ChronoUnit.HOURS));
    assertThat(third.getContent().get(0).getKey().getPlacedAt()).isEqualTo(T0);
  }

  @Test
  void ordersAfterAnInstantAreDerivedOnTheClusteringColumn() {
    UUID customer = UUID.randomUUID();
    placeOrders(customer, 4);

    assertThat(orders.findByKeyCustomerIdAndKeyPlacedAtAfter(customer, T0.plus(1, ChronoUnit.HOURS)))
        .hasSize(2);
  }

  @Test
  void ordersOfACustomerAreCounted() {
    UUID customer = UUID.randomUUID();
    placeOrders(customer, 3);
    assertThat(orders.countByKeyCustomerId(customer)).isEqualTo(3);
  }

  @Test
  void theLatestOrdersComeFromAnAnnotatedQueryWithNamedParameters() {
    UUID customer = UUID.randomUUID();
    placeOrders(customer, 4);

    assertThat(orders.latest(customer, 2))
        .extracting(o -> o.getKey().getPlacedAt())
        .containsExactly(T0.plus(3, ChronoUnit.HOURS), T0.plus(2, ChronoUnit.HOURS));
  }

  @Test
  void allOrdersOfACustomerAreDeletedByTheDerivedDelete() {
    UUID customer = UUID.randomUUID();
    UUID other = UUID.randomUUID();
    placeOrders(customer, 2);
    placeOrders(other, 1);

    orders.deleteByKeyCustomerId(customer);

    assertThat(orders.findByKeyCustomerId(customer)).isEmpty();
    assertThat(orders.findByKeyCustomerId(other)).hasSize(1);
  }

  @Test
  void aStatusChangeIsSaved() {
    UUID customer = UUID.randomUUID();
    CustomerOrder order = placeOrders(customer, 1).get(0);
    order.setStatus(OrderStatus.SHIPPED);
    orders.save(order);

    assertThat(orders.findById(order.getKey()).orElseThrow().getStatus()).isEqualTo(OrderStatus.SHIPPED);
  }
}
