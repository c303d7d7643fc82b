package com.example.twin;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.data.cassandra.repository.CassandraRepository;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface OrderRepository extends CassandraRepository<Order, OrderKey> {

  Slice<Order> findByKeyCustomerId(UUID customerId, Pageable pageable);

  List<Order> findByKeyCustomerIdAndKeyPlacedAtAfter(UUID customerId, Instant after);
}
