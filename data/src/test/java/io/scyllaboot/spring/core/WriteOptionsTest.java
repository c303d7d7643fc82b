package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The option builders, and the statements the template builds from them (no server). */
class WriteOptionsTest {

  @Table("pet")
  record Pet(@PartitionKey String id, String name) {}

  private final RecordingSession recording = new RecordingSession();
  private final ScyllaTemplate template = new ScyllaTemplate(recording.session);

  @Test
  void should_put_every_statement_option_on_the_bound_statement() {
    template.update(
        new Pet("p1", "Rex"),
        UpdateOptions.builder()
            .consistencyLevel(ConsistencyLevel.QUORUM)
            .serialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL)
            .timeout(Duration.ofMillis(1500))
            .tracing(true)
            .idempotent(true)
            .timestamp(Instant.ofEpochSecond(1, 5000))
            .ttl(Duration.ofSeconds(90))
            .ifExists(true)
            .build());

    StatementOptions options = recording.options.get(0);
    assertThat(options.consistency()).isEqualTo(ConsistencyLevel.QUORUM);
    assertThat(options.serialConsistency()).isEqualTo(ConsistencyLevel.LOCAL_SERIAL);
    assertThat(options.timeout()).isEqualTo(Duration.ofMillis(1500));
    assertThat(options.tracing()).isTrue();
    assertThat(options.idempotent()).isTrue();
    assertThat(options.timestamp()).isEqualTo(1_000_005L);
    assertThat(recording.prepared.get(0))
        .isEqualTo("UPDATE pet USING TTL ? SET name = ? WHERE id = ? IF EXISTS");
    assertThat(recording.bound.get(0)).containsExactly(90, "Rex", "p1");
  }

  @Test
  void should_name_the_execution_profile_on_the_statement() {
    template.insert(new Pet("p3", "Tom"), InsertOptions.builder().profile("bulk").build());
    assertThat(recording.options.get(0).profile()).isEqualTo("bulk");
    assertThat(recording.options.get(0).consistency()).as("left to the profile").isNull();
  }

  @Test
  void should_bind_condition_values_after_the_key() {
    template.delete(
        new Pet("p2", null), DeleteOptions.builder().ifCondition("name = ?", "Rex").build());
    assertThat(recording.prepared.get(0)).isEqualTo("DELETE FROM pet WHERE id = ? IF name = ?");
    assertThat(recording.bound.get(0)).containsExactly("p2", "Rex");
    // Default options leave the statement's options alone.
    assertThat(recording.options).isEmpty();
  }

  @Test
  void should_refuse_bad_options_naming_them() {
    assertThatThrownBy(() -> InsertOptions.builder().ttl(Duration.ofMillis(500)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ttl must be at least 1 second");
    assertThatThrownBy(
            () -> UpdateOptions.builder().ifExists(true).ifCondition("name = ?", "x").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ifExists and ifCondition exclude each other");
    assertThatThrownBy(
            () -> DeleteOptions.builder().serialConsistencyLevel(ConsistencyLevel.QUORUM))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SERIAL or LOCAL_SERIAL");
  }
}
