package com.example.shop.customer;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.cassandra.repository.AllowFiltering;
import org.springframework.data.cassandra.repository.CassandraRepository;
import org.springframework.data.cassandra.repository.Query;

public interface CustomerRepository extends CassandraRepository<Customer, UUID> {

  @Query("SELECT * FROM customers WHERE email_address = ?0 ALLOW FILTERING")
  Optional<Customer> findByEmailAddress(String email);

  @AllowFiltering
  List<Customer> findByActive(boolean active);

  @Query("SELECT count(*) FROM customers")
  long countAll();
}
