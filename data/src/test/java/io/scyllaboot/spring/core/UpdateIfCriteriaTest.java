package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import org.junit.jupiter.api.Test;

/**
 * Spring Data Cassandra's {@code UpdateOptions.builder().ifCondition(Criteria)}: the condition is
 * written with property names, rendered with column names and converted values, no server.
 */
class UpdateIfCriteriaTest {

  enum Level {
    LOW,
    HIGH
  }

  @Table
  record Account(@PartitionKey String id, String firstName, Level level) {}

  private final ScyllaEntityConverter converter =
      new ScyllaEntityConverter(new ScyllaMappingContext());
  private final RecordingSession recording = new RecordingSession();
  private final ScyllaTemplate template = new ScyllaTemplate(recording.session, converter);

  @Test
  void updateOfAnEntity_rendersTheCriteria_asItsIfCondition() {
    UpdateOptions options =
        UpdateOptions.builder().ifCondition(Criteria.where("level").is(Level.LOW)).build();

    template.update(new Account("a1", "Ada", Level.HIGH), options);

    assertThat(recording.prepared.get(recording.prepared.size() - 1)).endsWith(" IF level = ?");
    Object[] bound = recording.bound.get(recording.bound.size() - 1);
    assertThat(bound[bound.length - 1]).isEqualTo("LOW");
  }

  @Test
  void updateByQuery_rendersSeveralCriteria_joinedByAnd() {
    @SuppressWarnings("unchecked")
    ScyllaPersistentEntity<Account> entity =
        (ScyllaPersistentEntity<Account>)
            converter.getMappingContext().getRequiredPersistentEntity(Account.class);
    UpdateOptions options =
        UpdateOptions.builder()
            .ifCondition(Criteria.where("firstName").is("Ada"))
            .ifCondition(Criteria.where("level").is(Level.LOW))
            .build();

    QueryStatement statement =
        new QueryRenderer(converter)
            .update(
                Query.query(Criteria.where("id").is("a1")),
                Update.update("level", Level.HIGH),
                entity,
                options);

    assertThat(statement.cql()).endsWith("WHERE id = ? IF first_name = ? AND level = ?");
    assertThat(statement.values()).containsExactly("HIGH", "a1", "Ada", "LOW");
  }

  @Test
  void queryCondition_isItsCriteria_asSpringDataCassandrasIfConditionOfAFilter() {
    // gavinklfong/spring-cassandra-demo: ifCondition(query(where(..).is(..))).
    UpdateOptions options =
        UpdateOptions.builder()
            .ifCondition(
                Query.query(Criteria.where("firstName").is("Ada"))
                    .and(Criteria.where("level").is(Level.LOW)))
            .build();

    template.update(new Account("a1", "Ada", Level.HIGH), options);

    assertThat(recording.prepared.get(recording.prepared.size() - 1))
        .endsWith(" IF first_name = ? AND level = ?");
  }

  @Test
  void queryCondition_withoutCriteria_isRefused() {
    assertThatThrownBy(() -> UpdateOptions.builder().ifCondition(Query.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no criteria");
  }

  @Test
  void criteriaCondition_excludesIfExists() {
    assertThatThrownBy(
            () ->
                UpdateOptions.builder()
                    .ifExists(true)
                    .ifCondition(Criteria.where("level").is(Level.LOW))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("excludes ifExists");
  }
}
