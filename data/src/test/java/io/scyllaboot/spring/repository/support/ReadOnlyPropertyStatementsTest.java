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
import org.springframework.data.annotation.ReadOnlyProperty;

/** A repository's {@code save} does not write {@code @ReadOnlyProperty} columns; reads do. */
class ReadOnlyPropertyStatementsTest {

  @Table
  public record Ledger(@PartitionKey String id, String owner, @ReadOnlyProperty Long total) {}

  @Test
  @SuppressWarnings("unchecked")
  void should_insert_without_the_read_only_column_and_select_it() {
    ScyllaMappingContext context =
        new ScyllaMappingContext(NamingStrategy.SNAKE_CASE, new ScyllaCustomConversions(List.of()));
    ScyllaPersistentEntity<Ledger> entity =
        (ScyllaPersistentEntity<Ledger>) context.getRequiredPersistentEntity(Ledger.class);
    EntityStatements<Ledger, String> statements =
        new EntityStatements<>(entity, String.class, new ScyllaEntityConverter(context));

    assertThat(statements.insert).isEqualTo("INSERT INTO ledger (id, owner) VALUES (?, ?)");
    assertThat(statements.insertValues(new Ledger("l1", "Ada", 5L))).containsExactly("l1", "Ada");
    assertThat(statements.selectByKey).contains("total");
  }
}
