package io.scyllaboot.spring.repository.conversions;

import io.scyllaboot.spring.mapping.Table;
import java.math.BigDecimal;
import java.util.UUID;
import org.springframework.data.annotation.Id;

/** An entity with a property stored through the application's converters. */
@Table("priced")
public record Priced(@Id UUID id, Priced.Money price) {

  /** No CQL counterpart: stored as text ("EUR 9.99") by the converters of the test. */
  public record Money(BigDecimal amount, String currency) {}
}
