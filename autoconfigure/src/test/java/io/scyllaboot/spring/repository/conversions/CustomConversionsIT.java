package io.scyllaboot.spring.repository.conversions;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.repository.conversions.Priced.Money;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** A {@link ScyllaCustomConversions} bean of the application's, used by Boot's mapping. */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(
    classes = CustomConversionsIT.Application.class,
    properties = {
      "scylla.schema-action=create-if-not-exists",
      "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}",
      "scylla.request.timeout=20s"
    })
class CustomConversionsIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("conv");

  @WritingConverter
  static final class MoneyToText implements Converter<Money, String> {
    @Override
    public String convert(Money money) {
      return money.currency() + " " + money.amount().toPlainString();
    }
  }

  @ReadingConverter
  static final class TextToMoney implements Converter<String, Money> {
    @Override
    public Money convert(String text) {
      return new Money(new BigDecimal(text.substring(4)), text.substring(0, 3));
    }
  }

  @SpringBootApplication
  static class Application {
    @Bean
    ScyllaCustomConversions scyllaCustomConversions() {
      return new ScyllaCustomConversions(List.of(new MoneyToText(), new TextToMoney()));
    }
  }

  @DynamicPropertySource
  static void scylla(DynamicPropertyRegistry registry) {
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
    registry.add("scylla.keyspace", () -> KEYSPACE);
  }

  @BeforeAll
  static void ensureNode() {
    CassandraNode.ensureRunning();
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  @Autowired PricedRepository repository;
  @Autowired CqlSession session;

  @Test
  void applicationConverters_writeReadAndTypeTheColumn() {
    Priced priced = new Priced(UUID.randomUUID(), new Money(new BigDecimal("9.99"), "EUR"));
    repository.save(priced);

    assertThat(repository.findById(priced.id())).contains(priced);
    Row stored = session.execute("SELECT price FROM priced WHERE id = ?", priced.id()).one();
    assertThat(stored.getObject("price")).isEqualTo("EUR 9.99");
    assertThat(
            session
                .execute(
                    "SELECT type FROM system_schema.columns WHERE keyspace_name = ?"
                        + " AND table_name = 'priced' AND column_name = 'price'",
                    KEYSPACE)
                .one()
                .getString("type"))
        .isEqualTo("text");
  }
}
