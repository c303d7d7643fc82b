package com.example.shop.order;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.data.cassandra.repository.CassandraRepository;
import org.springframework.data.cassandra.repository.Query;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.repository.query.Param;

public interface OrderRepository extends CassandraRepository<CustomerOrder, OrderKey> {

  List<CustomerOrder> findByKeyCustomerId(UUID customerId);

  Slice<CustomerOrder> findByKeyCustomerId(UUID customerId, Pageable pageable);

  List<CustomerOrder> findByKeyCustomerIdAndKeyPlacedAtAfter(UUID customerId, Instant after);

  long countByKeyCustomerId(UUID customerId);

  @Query("SELECT * FROM customer_orders WHERE customer_id = :customerId LIMIT :max")
  List<CustomerOrder> latest(@Param("customerId") UUID customerId, @Param("max") int max);

  void deleteByKeyCustomerId(UUID customerId);
}
