package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.spring.core.RecordingSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.BasicMapId;
import io.scyllaboot.spring.mapping.MapId;
import io.scyllaboot.spring.mapping.PrimaryKeyColumn;
import io.scyllaboot.spring.mapping.PrimaryKeyType;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A repository declared with a simple id over a table with a two-column key (spring-data-examples'
 * {@code EmployeeRepository}): created as Spring Data Cassandra creates it; only a by-id call with
 * a simple value fails, when it runs; a {@code MapId} still finds the row.
 */
class SimpleIdOverCompositeKeyTest {

  @Table
  record Employee(
      @PrimaryKeyColumn(type = PrimaryKeyType.PARTITIONED) String tenantId,
      @PrimaryKeyColumn(type = PrimaryKeyType.CLUSTERED) String name) {}

  interface EmployeeRepository extends ScyllaRepository<Employee, String> {}

  private final RecordingSession recording = new RecordingSession();
  private final ScyllaTemplate template =
      new ScyllaTemplate(recording.session, new ScyllaEntityConverter(new ScyllaMappingContext()));

  @Test
  void repository_isCreated_andSavesAndReadsAllRows() {
    EmployeeRepository employees =
        new ScyllaRepositoryFactory(template, null).getRepository(EmployeeRepository.class);

    employees.save(new Employee("breaking-bad", "Walter"));

    assertThat(recording.prepared).anyMatch(cql -> cql.startsWith("INSERT INTO employee"));
    assertThat(recording.bound.get(recording.bound.size() - 1))
        .containsExactly("breaking-bad", "Walter");
  }

  @Test
  void byIdCall_withASimpleValue_failsWhenItRuns_namingTheKey() {
    EmployeeRepository employees =
        new ScyllaRepositoryFactory(template, null).getRepository(EmployeeRepository.class);

    assertThatThrownBy(() -> employees.findById("Walter"))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("[tenantId, name]")
        .hasMessageContaining("MapId");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void byIdCall_withAMapId_findsTheRow() {
    ScyllaRepository raw =
        new ScyllaRepositoryFactory(template, null).getRepository(EmployeeRepository.class);
    MapId id = BasicMapId.id("tenantId", "breaking-bad").with("name", "Walter");

    recording.answerRows(List.of(Map.of("tenant_id", "breaking-bad", "name", "Walter")));

    assertThat(raw.findById(id)).contains(new Employee("breaking-bad", "Walter"));
  }

  @Test
  void entityInformation_givesTheKeyAsAMapId() {
    ScyllaRepositoryFactory factory = new ScyllaRepositoryFactory(template, null);
    @SuppressWarnings("unchecked")
    ScyllaEntityInformation<Employee, Object> information =
        (ScyllaEntityInformation<Employee, Object>)
            factory.getEntityInformation(
                new org.springframework.data.repository.core.support.DefaultRepositoryMetadata(
                    EmployeeRepository.class));

    assertThat(information.getId(new Employee("breaking-bad", "Walter")))
        .isEqualTo(BasicMapId.id("tenantId", "breaking-bad").with("name", "Walter"));
  }
}
