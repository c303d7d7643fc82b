package com.example.twin;

import java.util.UUID;
import org.springframework.data.cassandra.repository.CassandraRepository;

public interface ProductRepository extends CassandraRepository<Product, UUID> {}
