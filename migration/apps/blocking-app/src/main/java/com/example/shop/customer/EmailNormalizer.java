package com.example.shop.customer;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import java.util.Locale;
import org.springframework.data.cassandra.core.mapping.event.BeforeConvertCallback;
import org.springframework.stereotype.Component;

/** Stores every e-mail address in lower case, whichever way it was typed. */
@Component
public class EmailNormalizer implements BeforeConvertCallback<Customer> {

  @Override
  public Customer onBeforeConvert(Customer customer, CqlIdentifier tableName) {
    if (customer.getEmail() != null) {
      customer.setEmail(customer.getEmail().trim().toLowerCase(Locale.ROOT));
    }
    return customer;
  }
}
