package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;

/** isNew as Spring Data decides it: version first, then the id (null, or 0 when primitive). */
class ScyllaEntityInformationTest {
  private final ScyllaEntityConverter converter =
      new ScyllaEntityConverter(new ScyllaMappingContext());

  @Table
  record ById(@Id UUID id, String name) {}

  @Table
  record ByPrimitiveId(@Id long id, String name) {}

  @Table
  record Versioned(@Id UUID id, @Version Long version) {}

  @Table
  record ByPartitionKey(@PartitionKey UUID id, String name) {}

  @Table
  record Composite(@PartitionKey String sensor, @ClusteringColumn Integer seq) {}

  record CompositeKey(String sensor, Integer seq) {}

  @SuppressWarnings("unchecked")
  private <T, ID> ScyllaEntityInformation<T, ID> information(Class<T> type, Class<ID> idType) {
    ScyllaPersistentEntity<T> entity =
        (ScyllaPersistentEntity<T>) converter.getMappingContext().getRequiredPersistentEntity(type);
    return new ScyllaEntityInformation<>(new EntityStatements<>(entity, idType, converter));
  }

  @Test
  void should_be_new_when_the_id_is_null() {
    var information = information(ById.class, UUID.class);
    assertThat(information.isNew(new ById(null, "a"))).isTrue();
    assertThat(information.isNew(new ById(UUID.randomUUID(), "a"))).isFalse();
  }

  @Test
  void should_be_new_when_a_primitive_id_is_zero() {
    var information = information(ByPrimitiveId.class, Long.class);
    assertThat(information.isNew(new ByPrimitiveId(0, "a"))).isTrue();
    assertThat(information.isNew(new ByPrimitiveId(7, "a"))).isFalse();
  }

  @Test
  void should_follow_the_version_when_there_is_one() {
    var information = information(Versioned.class, UUID.class);
    assertThat(information.isNew(new Versioned(UUID.randomUUID(), null))).isTrue();
    assertThat(information.isNew(new Versioned(UUID.randomUUID(), 1L))).isFalse();
  }

  @Test
  void should_use_the_primary_key_without_an_id_property() {
    var single = information(ByPartitionKey.class, UUID.class);
    assertThat(single.isNew(new ByPartitionKey(null, "a"))).isTrue();
    assertThat(single.isNew(new ByPartitionKey(UUID.randomUUID(), "a"))).isFalse();
    var composite = information(Composite.class, CompositeKey.class);
    assertThat(composite.isNew(new Composite("s", null))).isTrue();
    assertThat(composite.isNew(new Composite("s", 1))).isFalse();
  }
}
