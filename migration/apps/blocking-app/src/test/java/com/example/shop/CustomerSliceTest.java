package com.example.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.shop.customer.Customer;
import com.example.shop.customer.CustomerRepository;
import com.example.shop.money.Money;
import com.example.shop.money.MoneyConversions;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.cassandra.test.autoconfigure.DataCassandraTest;
import org.springframework.context.annotation.Import;

@DataCassandraTest
@Import(MoneyConversions.class)
class CustomerSliceTest extends LocalCassandra {

  @Autowired CustomerRepository customers;

  @Test
  void theRepositoryWorksInTheDataSlice() {
    Customer customer = new Customer(UUID.randomUUID(), "Slice Test", "slice@example.com");
    customer.setCreditLimit(Money.of("10.00", "USD"));
    customers.save(customer);

    Customer read = customers.findById(customer.getId()).orElseThrow();
    assertThat(read.getCreditLimit()).isEqualTo(Money.of("10.00", "USD"));
  }
}
