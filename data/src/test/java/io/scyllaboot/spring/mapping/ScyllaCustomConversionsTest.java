package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/** Custom conversions through the converter and schema creation, with no server. */
class ScyllaCustomConversionsTest {

  /** A value type with no CQL counterpart: stored as text such as "12.50 EUR". */
  public record Money(BigDecimal amount, String currency) {}

  /** Stored as an int code rather than as its name. */
  public enum Priority {
    LOW,
    HIGH
  }

  @WritingConverter
  static final class MoneyToString implements Converter<Money, String> {
    @Override
    public String convert(Money money) {
      return money.amount().toPlainString() + " " + money.currency();
    }
  }

  @ReadingConverter
  static final class StringToMoney implements Converter<String, Money> {
    @Override
    public Money convert(String text) {
      int space = text.indexOf(' ');
      return new Money(new BigDecimal(text.substring(0, space)), text.substring(space + 1));
    }
  }

  @WritingConverter
  static final class PriorityToInt implements Converter<Priority, Integer> {
    @Override
    public Integer convert(Priority priority) {
      return priority == Priority.HIGH ? 10 : 1;
    }
  }

  @ReadingConverter
  static final class IntToPriority implements Converter<Integer, Priority> {
    @Override
    public Priority convert(Integer code) {
      return code >= 10 ? Priority.HIGH : Priority.LOW;
    }
  }

  @Table
  record Invoice(
      @PartitionKey UUID id,
      Money total,
      List<Money> lines,
      Priority priority,
      LocalDateTime issuedAt) {}

  private final ScyllaMappingContext context =
      new ScyllaMappingContext(
          NamingStrategy.SNAKE_CASE,
          new ScyllaCustomConversions(
              List.of(
                  new MoneyToString(),
                  new StringToMoney(),
                  new PriorityToInt(),
                  new IntToPriority())));
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
  private final UUID id = UUID.randomUUID();

  @SuppressWarnings("unchecked")
  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return (ScyllaPersistentEntity<T>) context.getRequiredPersistentEntity(type);
  }

  private Invoice invoice() {
    return new Invoice(
        id,
        new Money(new BigDecimal("12.50"), "EUR"),
        List.of(
            new Money(new BigDecimal("10.00"), "EUR"), new Money(new BigDecimal("2.50"), "EUR")),
        Priority.HIGH,
        LocalDateTime.of(2026, 3, 1, 10, 15, 30));
  }

  @Test
  void write_appliesWritingConverters_toPropertiesCollectionElementsAndEnums() {
    Map<String, Object> values = converter.write(entity(Invoice.class), invoice());

    assertThat(values.get("total")).isEqualTo("12.50 EUR");
    assertThat(values.get("lines")).isEqualTo(List.of("10.00 EUR", "2.50 EUR"));
    assertThat(values.get("priority")).isEqualTo(10);
    // No converter for LocalDateTime: still the built-in UTC instant, not the system time zone.
    assertThat(values.get("issued_at")).isEqualTo(Instant.parse("2026-03-01T10:15:30Z"));
  }

  @Test
  void read_appliesReadingConverters_toColumnsAndCollectionElements() {
    Map<String, Object> columns = new LinkedHashMap<>();
    columns.put("id", id);
    columns.put("total", "12.50 EUR");
    columns.put("lines", List.of("10.00 EUR", "2.50 EUR"));
    columns.put("priority", 10);
    columns.put("issued_at", Instant.parse("2026-03-01T10:15:30Z"));

    assertThat(converter.read(entity(Invoice.class), row(columns))).isEqualTo(invoice());
  }

  @Test
  void convertWrite_convertsQueryParameters_asPropertyValues() {
    assertThat(converter.convertWrite(Priority.LOW)).isEqualTo(1);
    assertThat(converter.convertWrite(List.of(Priority.HIGH))).isEqualTo(List.of(10));
  }

  @Test
  void createTableCql_usesTheWritingConvertersTargetType() {
    String cql = new SchemaCreator(null, context).createTableCql(entity(Invoice.class));

    assertThat(cql)
        .contains("total text")
        .contains("lines list<text>")
        .contains("priority int")
        .contains("issued_at timestamp");
  }

  @Test
  void convertedType_isASimpleType_notAUserDefinedType() {
    assertThat(context.isSimpleType(Money.class)).isTrue();
    assertThat(entity(Invoice.class).getRequiredPersistentProperty("total").isEntity()).isFalse();
  }

  @Test
  void withoutConverters_enumsAreNamesAndTimesKeepTheirBuiltInMapping() {
    ScyllaCustomConversions none = new ScyllaCustomConversions(List.of());
    assertThat(none.hasCustomWriteTarget(LocalDateTime.class)).isFalse();
    assertThat(none.hasCustomReadTarget(Instant.class, LocalDateTime.class)).isFalse();
    assertThat(new ScyllaEntityConverter(new ScyllaMappingContext()).convertWrite(Priority.LOW))
        .isEqualTo("LOW");
  }

  @Table
  record Person(@PartitionKey String id, String firstName) {}

  /** No annotation: Spring Data Cassandra reads rows through it, since a Row is a store type. */
  static final class RowToPerson implements Converter<Row, Person> {
    @Override
    public Person convert(Row row) {
      return new Person((String) row.getObject("pk"), "from " + row.getObject("fname"));
    }
  }

  @Test
  void unannotatedRowConverter_isAReadingConverter_forEntityReads() {
    ScyllaMappingContext withRowConverter =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE, new ScyllaCustomConversions(List.of(new RowToPerson())));
    ScyllaEntityConverter rowConverter = new ScyllaEntityConverter(withRowConverter);
    @SuppressWarnings("unchecked")
    ScyllaPersistentEntity<Person> person =
        (ScyllaPersistentEntity<Person>) withRowConverter.getRequiredPersistentEntity(Person.class);
    // Columns named unlike the properties: mapping by property name would give nulls.
    Row row = row(Map.of("pk", "p1", "fname", "Ada"));

    assertThat(withRowConverter.getCustomConversions().hasCustomReadTarget(Row.class, Person.class))
        .isTrue();
    assertThat(rowConverter.hasRowReader(Person.class)).isTrue();
    assertThat(rowConverter.read(person, row)).isEqualTo(new Person("p1", "from Ada"));
    assertThat(rowConverter.readPartial(person, row)).isEqualTo(new Person("p1", "from Ada"));
    // Not a writing converter: Person is no store type.
    assertThat(withRowConverter.getCustomConversions().hasCustomWriteTarget(Person.class))
        .isFalse();
  }

  private static Row row(Map<String, Object> columns) {
    return (Row)
        Proxy.newProxyInstance(
            Row.class.getClassLoader(),
            new Class<?>[] {Row.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getObject") && args[0] instanceof String name) {
                return columns.get(name);
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }
}
