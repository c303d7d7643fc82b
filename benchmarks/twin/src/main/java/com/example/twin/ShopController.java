package com.example.twin;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.cassandra.core.CassandraOperations;
import org.springframework.data.cassandra.core.query.CassandraPageRequest;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Customers and their orders over HTTP; the load script's mix calls every endpoint but seed. */
@RestController
public class ShopController {

  /** What a client posts to place an order. */
  public record OrderRequest(List<String> items, BigDecimal total) {}

  /** One page of a customer's orders and the token of the next page (null on the last). */
  public record OrderPage(List<Order> orders, String next) {}

  private final CustomerRepository customers;
  private final OrderRepository orders;
  private final CassandraOperations template;

  public ShopController(
      CustomerRepository customers, OrderRepository orders, CassandraOperations template) {
    this.customers = customers;
    this.orders = orders;
    this.template = template;
  }

  /** Customer number {@code n} of the seeded data set: the load script computes the same ids. */
  static UUID customerId(int n) {
    return UUID.fromString(String.format("00000000-0000-4000-8000-%012d", n));
  }

  @GetMapping("/customers/{id}")
  public ResponseEntity<Customer> customer(@PathVariable UUID id) {
    return ResponseEntity.of(customers.findById(id));
  }

  @PutMapping("/customers/{id}")
  public ResponseEntity<Customer> changeEmail(@PathVariable UUID id, @RequestParam String email) {
    Optional<Customer> found = customers.findById(id);
    if (found.isEmpty()) {
      return ResponseEntity.notFound().build();
    }
    Customer customer = found.get();
    customer.setEmail(email);
    try {
      return ResponseEntity.ok(customers.save(customer));
    } catch (OptimisticLockingFailureException e) {
      return ResponseEntity.status(HttpStatus.CONFLICT).build();
    }
  }

  @GetMapping("/customers/{id}/orders")
  public OrderPage orders(
      @PathVariable UUID id,
      @RequestParam(defaultValue = "20") int size,
      @RequestParam(required = false) String page) {
    Pageable request =
        page == null
            ? CassandraPageRequest.first(size)
            : CassandraPageRequest.of(
                PageRequest.of(1, size), ByteBuffer.wrap(Base64.getUrlDecoder().decode(page)));
    Slice<Order> slice = orders.findByKeyCustomerId(id, request);
    String next = null;
    if (slice.hasNext()) {
      ByteBuffer state = ((CassandraPageRequest) slice.nextPageable()).getPagingState().duplicate();
      byte[] bytes = new byte[state.remaining()];
      state.get(bytes);
      next = Base64.getUrlEncoder().encodeToString(bytes);
    }
    return new OrderPage(slice.getContent(), next);
  }

  @GetMapping("/customers/{id}/orders/recent")
  public List<Order> recentOrders(
      @PathVariable UUID id, @RequestParam(defaultValue = "60") long minutes) {
    return orders.findByKeyCustomerIdAndKeyPlacedAtAfter(
        id, Instant.now().minus(minutes, ChronoUnit.MINUTES));
  }

  @PostMapping("/customers/{id}/orders")
  public ResponseEntity<Order> placeOrder(@PathVariable UUID id, @RequestBody OrderRequest order) {
    return ResponseEntity.status(HttpStatus.CREATED).body(template.insert(newOrder(id, order)));
  }

  /** Several orders of one customer in one batch (one partition). */
  @PostMapping("/customers/{id}/orders/batch")
  public ResponseEntity<List<Order>> placeOrders(
      @PathVariable UUID id, @RequestBody List<OrderRequest> requests) {
    List<Order> placed = requests.stream().map(r -> newOrder(id, r)).toList();
    template.batchOps().insert(placed).execute();
    return ResponseEntity.status(HttpStatus.CREATED).body(placed);
  }

  /** Empties the tables, then writes {@code customers} customers with {@code orders} orders each. */
  @PostMapping("/admin/seed")
  public Map<String, Integer> seed(
      @RequestParam(defaultValue = "1000") int customers,
      @RequestParam(defaultValue = "20") int orders) {
    template.truncate(Customer.class);
    template.truncate(Order.class);
    List<Customer> seeded = new ArrayList<>();
    for (int n = 1; n <= customers; n++) {
      seeded.add(new Customer(customerId(n), "Customer " + n, "c" + n + "@example.com", "Lyon"));
    }
    this.customers.saveAll(seeded);
    Instant now = Instant.now();
    for (Customer customer : seeded) {
      List<Order> history = new ArrayList<>();
      for (int i = 0; i < orders; i++) {
        OrderKey key =
            new OrderKey(customer.getId(), now.minus(i + 1, ChronoUnit.DAYS), UUID.randomUUID());
        history.add(new Order(key, "DELIVERED", List.of("sku-" + i), BigDecimal.valueOf(1999, 2)));
      }
      template.batchOps().insert(history).execute();
    }
    return Map.of("customers", customers, "orders", customers * orders);
  }

  private static Order newOrder(UUID customerId, OrderRequest request) {
    return new Order(
        new OrderKey(customerId, Instant.now(), UUID.randomUUID()),
        "PLACED",
        request.items(),
        request.total());
  }
}
