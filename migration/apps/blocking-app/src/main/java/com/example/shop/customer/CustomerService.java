package com.example.shop.customer;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.springframework.data.cassandra.core.CassandraOperations;
import org.springframework.data.cassandra.core.InsertOptions;
import org.springframework.data.cassandra.core.cql.CqlTemplate;
import org.springframework.stereotype.Service;

/** What the REST layer calls; written on the template where the repository is not enough. */
@Service
public class CustomerService {

  private final CassandraOperations template;

  public CustomerService(CassandraOperations template) {
    this.template = template;
  }

  /** A trial customer expires by itself after the given time. */
  public Customer registerTrial(Customer customer, Duration trial) {
    template.insert(customer, InsertOptions.builder().ttl(trial).build());
    return customer;
  }

  public List<Customer> inCity(String city) {
    return template.select("SELECT * FROM customers", Customer.class).stream()
        .filter(c -> c.getShippingAddress() != null && city.equals(c.getShippingAddress().getCity()))
        .toList();
  }

  public long count() {
    return template.count(Customer.class);
  }

  public boolean exists(UUID id) {
    return template.exists(id, Customer.class);
  }

  public Integer remainingTrialSeconds(UUID id) {
    return template.getCqlOperations()
        .queryForObject("SELECT ttl(fullname) FROM customers WHERE id = ?", Integer.class, id);
  }
}
