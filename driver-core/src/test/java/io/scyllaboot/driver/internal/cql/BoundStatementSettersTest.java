package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.Unset;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.message.DefaultColumnDefinitions;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsMetadata;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A bound statement set value by value, as code written for the DataStax driver does ({@code bound
 * = bound.setString("k", v)}): each setter returns a copy with one more value, checked as {@code
 * bind(..)} checks it, and leaves the original untouched.
 */
class BoundStatementSettersTest {
  private static final DefaultPreparedStatement PREPARED =
      new DefaultPreparedStatement(
          "UPDATE t SET name = :name WHERE id = :id AND other = :id",
          "ks",
          new Result.Prepared(
              new byte[] {1},
              null,
              new RowsMetadata(
                  new DefaultColumnDefinitions(
                      new ColumnDefinition[] {
                        new ColumnDefinition("ks", "t", "name", PrimitiveType.TEXT),
                        new ColumnDefinition("ks", "t", "id", PrimitiveType.INT),
                        new ColumnDefinition("ks", "t", "id", PrimitiveType.INT)
                      }),
                  new int[] {1},
                  null,
                  null),
              new RowsMetadata(DefaultColumnDefinitions.EMPTY, new int[0], null, null)));

  private static Object value(BoundStatement statement, int index) {
    return ((CodecValues) ((DefaultBoundStatement) statement).values()).value(index);
  }

  @Test
  void should_leave_every_value_unset_when_bound_without_values() {
    BoundStatement empty = PREPARED.bind();

    for (int i = 0; i < 3; i++) {
      assertThat(value(empty, i)).isSameAs(Unset.VALUE);
    }
  }

  @Test
  void should_set_by_index_in_a_copy() {
    BoundStatement empty = PREPARED.bind();
    BoundStatement named = empty.set(0, "alice");

    assertThat(value(named, 0)).isEqualTo("alice");
    assertThat(value(empty, 0)).as("the original is unchanged").isSameAs(Unset.VALUE);
    assertThat(value(named, 1)).isSameAs(Unset.VALUE);
  }

  @Test
  void should_set_every_marker_of_a_name() {
    BoundStatement bound = PREPARED.bind().set("name", "bob").set("id", 7);

    assertThat(value(bound, 0)).isEqualTo("bob");
    assertThat(value(bound, 1)).isEqualTo(7);
    assertThat(value(bound, 2)).isEqualTo(7);
  }

  @Test
  void should_set_null_and_unset_and_keep_options() {
    BoundStatement bound =
        PREPARED.bind("x", 1, 2).withTimeout(Duration.ofSeconds(3)).set("name", null);

    assertThat(value(bound, 0)).isNull();
    assertThat(bound.options().timeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(value(bound.set(1, Unset.VALUE), 1)).isSameAs(Unset.VALUE);
  }

  @Test
  void should_refuse_a_value_that_does_not_fit_with_a_typed_error() {
    BoundStatement bound = PREPARED.bind();

    assertThatThrownBy(() -> bound.set("id", "not a number"))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("bind marker 1 'id' is int")
        .hasMessageContaining("java.lang.String");
    assertThatThrownBy(() -> bound.set("nope", 1))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("no bind marker named 'nope'");
    assertThatThrownBy(() -> bound.set(3, 1))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("has 3 bind markers: no marker 3");
  }
}
