package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/** A value-object id stored through a custom conversion is a one-column key, not a key class. */
class ConvertedIdTest {

  public record OrderId(String value) {}

  @Table
  public record PurchaseOrder(@PartitionKey OrderId id, String customer) {}

  @WritingConverter
  static final class OrderIdToString implements Converter<OrderId, String> {
    @Override
    public String convert(OrderId id) {
      return "order-" + id.value();
    }
  }

  @ReadingConverter
  static final class StringToOrderId implements Converter<String, OrderId> {
    @Override
    public OrderId convert(String text) {
      return new OrderId(text.substring("order-".length()));
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void should_bind_a_converted_id_as_its_one_key_column_and_create_its_column() {
    ScyllaMappingContext context =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE,
            new ScyllaCustomConversions(List.of(new OrderIdToString(), new StringToOrderId())));
    ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
    ScyllaPersistentEntity<PurchaseOrder> entity =
        (ScyllaPersistentEntity<PurchaseOrder>)
            context.getRequiredPersistentEntity(PurchaseOrder.class);

    EntityStatements<PurchaseOrder, OrderId> statements =
        new EntityStatements<>(entity, OrderId.class, converter);
    assertThat(statements.idValues(new OrderId("7"))).containsExactly("order-7");
    assertThat(new SchemaCreator(null, context).createTableCql(entity)).contains("id text");
  }
}
