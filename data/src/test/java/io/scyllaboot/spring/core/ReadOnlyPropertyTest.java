package io.scyllaboot.spring.core;

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

/**
 * {@code @ReadOnlyProperty} columns are read but never written (as in Spring Data Cassandra): an
 * INSERT or UPDATE that bound them would overwrite, or tombstone with a null, a column another
 * writer owns.
 */
class ReadOnlyPropertyTest {

  @Table
  public record Account(@PartitionKey String id, String name, @ReadOnlyProperty Long balance) {}

  @SuppressWarnings("unchecked")
  private static ScyllaPersistentEntity<Account> entity(ScyllaMappingContext context) {
    return (ScyllaPersistentEntity<Account>) context.getRequiredPersistentEntity(Account.class);
  }

  private final ScyllaMappingContext context =
      new ScyllaMappingContext(NamingStrategy.SNAKE_CASE, new ScyllaCustomConversions(List.of()));
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
  private final EntityCql<Account> cql = new EntityCql<>(entity(context), converter);
  private final Account account = new Account("a1", "Ada", 100L);

  @Test
  void should_leave_a_read_only_column_out_of_inserts() {
    assertThat(cql.insert(false, false))
        .isEqualTo("INSERT INTO account (id, name) VALUES (?, ?)")
        .doesNotContain("balance");
    assertThat(cql.insertValues(account, true, null)).containsExactly("a1", "Ada");
  }

  @Test
  void should_leave_a_read_only_column_out_of_updates() {
    assertThat(cql.update(false, false, false, null))
        .isEqualTo("UPDATE account SET name = ? WHERE id = ?");
    assertThat(cql.updateValues(account, null, null, false, null)).containsExactly("Ada", "a1");
  }

  @Test
  void should_still_read_a_read_only_column() {
    assertThat(cql.selectByKey).contains("balance");
    assertThat(converter.write(entity(context), account)).doesNotContainKey("balance");
  }
}
