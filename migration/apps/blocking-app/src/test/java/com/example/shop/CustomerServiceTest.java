package com.example.shop;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.shop.customer.Address;
import com.example.shop.customer.Customer;
import com.example.shop.customer.CustomerService;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest
class CustomerServiceTest extends LocalCassandra {

  @Autowired CustomerService service;

  @Test
  void aTrialCustomerExpires() {
    Customer trial = new Customer(UUID.randomUUID(), "Trial User", "trial@example.com");
    service.registerTrial(trial, Duration.ofHours(1));

    Integer remaining = service.remainingTrialSeconds(trial.getId());
    assertThat(remaining).isBetween(3000, 3600);
  }

  @Test
  void customersOfACityAreFoundThroughTheTemplate() {
    String city = "City-" + UUID.randomUUID();
    Customer local = new Customer(UUID.randomUUID(), "Local", "local@example.com");
    local.setShippingAddress(new Address("2 High Street", city, "99999"));
    service.registerTrial(local, Duration.ofMinutes(10));
    Customer elsewhere = new Customer(UUID.randomUUID(), "Elsewhere", "far@example.com");
    elsewhere.setShippingAddress(new Address("3 Low Street", "Shelbyville", "88888"));
    service.registerTrial(elsewhere, Duration.ofMinutes(10));

    assertThat(service.inCity(city)).extracting(Customer::getId).containsExactly(local.getId());
  }

  @Test
  void countsAndChecksExistence() {
    long before = service.count();
    Customer customer = new Customer(UUID.randomUUID(), "Counted", "counted@example.com");
    service.registerTrial(customer, Duration.ofMinutes(10));

    assertThat(service.count()).isGreaterThanOrEqualTo(before + 1);
    assertThat(service.exists(customer.getId())).isTrue();
    assertThat(service.exists(UUID.randomUUID())).isFalse();
  }
}
