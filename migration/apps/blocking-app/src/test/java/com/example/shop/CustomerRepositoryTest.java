package com.example.shop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.shop.customer.Address;
import com.example.shop.customer.Customer;
import com.example.shop.customer.CustomerActivity;
import com.example.shop.customer.CustomerRepository;
import com.example.shop.money.Money;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.cassandra.core.cql.CqlTemplate;

@SpringBootTest
class CustomerRepositoryTest extends LocalCassandra {

  @Autowired CustomerRepository customers;
  @Autowired CustomerActivity activity;
  @Autowired CqlTemplate cql;

  @BeforeEach
  void clearActivity() {
    activity.clear();
  }

  private static Customer newCustomer(String name) {
    Customer customer = new Customer(UUID.randomUUID(), name, name.replace(' ', '.') + "@example.com");
    customer.setShippingAddress(new Address("1 Main Street", "Springfield", "12345"));
    customer.setTags(Set.of("newsletter", "vip"));
    customer.setCreditLimit(Money.of("250.00", "EUR"));
    return customer;
  }

  @Test
  void savesAndReadsACustomerWithItsAddressTagsAndCreditLimit() {
    Customer saved = customers.save(newCustomer("Ada Lovelace"));

    Customer read = customers.findById(saved.getId()).orElseThrow();
    assertThat(read.getFullName()).isEqualTo("Ada Lovelace");
    assertThat(read.getShippingAddress().getCity()).isEqualTo("Springfield");
    assertThat(read.getShippingAddress().getZipCode()).isEqualTo("12345");
    assertThat(read.getTags()).containsExactlyInAnyOrder("newsletter", "vip");
    assertThat(read.getCreditLimit()).isEqualTo(Money.of("250.00", "EUR"));
    assertThat(read.isActive()).isTrue();
  }

  @Test
  void auditingStampsCreationAndModification() {
    Customer saved = customers.save(newCustomer("Grace Hopper"));
    assertThat(saved.getCreatedAt()).isNotNull();
    assertThat(saved.getUpdatedAt()).isNotNull();

    Customer read = customers.findById(saved.getId()).orElseThrow();
    read.setFullName("Grace B. Hopper");
    Customer updated = customers.save(read);

    Customer again = customers.findById(saved.getId()).orElseThrow();
    assertThat(again.getCreatedAt()).isEqualTo(read.getCreatedAt());
    assertThat(again.getUpdatedAt()).isAfterOrEqualTo(saved.getUpdatedAt());
    assertThat(again.getFullName()).isEqualTo("Grace B. Hopper");
    assertThat(updated.getFullName()).isEqualTo("Grace B. Hopper");
  }

  @Test
  void everySaveMovesTheVersion() {
    Customer saved = customers.save(newCustomer("Alan Turing"));
    assertThat(saved.getVersion()).isEqualTo(0L);

    Customer read = customers.findById(saved.getId()).orElseThrow();
    read.setActive(false);
    Customer updated = customers.save(read);

    assertThat(updated.getVersion()).isEqualTo(1L);
    assertThat(customers.findById(saved.getId()).orElseThrow().getVersion()).isEqualTo(1L);
  }

  @Test
  void aStaleCopyIsRefused() {
    Customer saved = customers.save(newCustomer("Edsger Dijkstra"));
    Customer first = customers.findById(saved.getId()).orElseThrow();
    Customer second = customers.findById(saved.getId()).orElseThrow();

    first.setFullName("E. W. Dijkstra");
    customers.save(first);
    second.setFullName("Edsger W. Dijkstra");

    assertThatThrownBy(() -> customers.save(second))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(customers.findById(saved.getId()).orElseThrow().getFullName())
        .isEqualTo("E. W. Dijkstra");
  }

  @Test
  void theCallbackStoresEmailsInLowerCase() {
    Customer customer = newCustomer("Barbara Liskov");
    customer.setEmail("  Barbara.LISKOV." + customer.getId() + "@Example.com ");
    customers.save(customer);

    String expected = "barbara.liskov." + customer.getId() + "@example.com";
    assertThat(customers.findByEmailAddress(expected))
        .map(Customer::getId)
        .contains(customer.getId());
  }

  @Test
  void derivedQueryWithAllowFilteringFindsInactiveCustomers() {
    Customer inactive = newCustomer("Ken Thompson");
    inactive.setActive(false);
    customers.save(inactive);
    Customer active = customers.save(newCustomer("Dennis Ritchie"));

    assertThat(customers.findByActive(false))
        .extracting(Customer::getId)
        .contains(inactive.getId())
        .doesNotContain(active.getId());
  }

  @Test
  void annotatedCountQueryCountsEveryRow() {
    long before = customers.countAll();
    customers.save(newCustomer("John Backus"));
    assertThat(customers.countAll()).isEqualTo(before + 1);
    assertThat(customers.count()).isEqualTo(before + 1);
  }

  @Test
  void deleteRemovesTheRowAndIsPublished() {
    Customer saved = customers.save(newCustomer("Niklaus Wirth"));
    customers.deleteById(saved.getId());

    assertThat(customers.findById(saved.getId())).isEmpty();
    assertThat(customers.existsById(saved.getId())).isFalse();
    assertThat(activity.deleted()).isNotEmpty();
  }

  @Test
  void everySaveIsPublished() {
    Customer first = customers.save(newCustomer("Donald Knuth"));
    Customer second = customers.save(newCustomer("Leslie Lamport"));
    assertThat(activity.saved()).contains(first.getId(), second.getId());
  }

  @Test
  void transientPropertiesAreNotStored() {
    Customer customer = newCustomer("Tony Hoare");
    customer.setDisplayHint("shown in bold");
    customers.save(customer);

    assertThat(customers.findById(customer.getId()).orElseThrow().getDisplayHint()).isNull();
  }

  @Test
  void columnsAreNamedAfterTheirPropertiesInLowerCase() {
    Customer saved = customers.save(newCustomer("Frances Allen"));

    // The reporting job reads the table with plain CQL, by these column names.
    String name =
        cql.queryForObject("SELECT fullname FROM customers WHERE id = ?", String.class, saved.getId());
    String email =
        cql.queryForObject(
            "SELECT email_address FROM customers WHERE id = ?", String.class, saved.getId());
    assertThat(name).isEqualTo("Frances Allen");
    assertThat(email).isEqualTo("frances.allen@example.com");
  }
}
