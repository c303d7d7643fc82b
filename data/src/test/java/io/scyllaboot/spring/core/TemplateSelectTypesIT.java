package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.convert.converter.Converter;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.convert.ReadingConverter;

/**
 * {@code select}/{@code selectOne}/{@code stream} read into the types Spring Data Cassandra's
 * {@code CassandraTemplate.select(cql, Class)} reads into: a simple type from a one-column result,
 * the {@link Row} itself, a {@code Map} of column names, a type with a {@code Row} reading
 * converter, besides {@code @Table} entities.
 */
@ExtendWith(CassandraNodeExtension.class)
class TemplateSelectTypesIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "select_types", "member (id text PRIMARY KEY, name text, age int, level text)");

  private static CqlSession session;
  private static ScyllaTemplate template;

  @Table("member")
  record Member(@PartitionKey String id, String name, int age, Level level) {}

  enum Level {
    BRONZE,
    GOLD
  }

  /** Not an entity: built from a row by the application's converter. */
  record Badge(String label) {}

  @ReadingConverter
  static final class RowToBadge implements Converter<Row, Badge> {
    @Override
    public Badge convert(Row row) {
      return new Badge(row.getString("name") + " (" + row.getInt("age") + ")");
    }
  }

  @BeforeAll
  static void connect() {
    session = keyspace.session();
    ScyllaMappingContext mapping =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE, new ScyllaCustomConversions(List.of(new RowToBadge())));
    template = new ScyllaTemplate(session, new ScyllaEntityConverter(mapping));
    template.insert(new Member("ada", "Ada", 36, Level.GOLD));
    template.insert(new Member("bob", "Bob", 40, Level.BRONZE));
  }

  @Test
  void should_read_a_count_as_long() {
    assertThat(template.selectOne("SELECT COUNT(*) FROM member", Long.class)).isEqualTo(2L);
    assertThat(template.select("SELECT COUNT(*) FROM member", Long.class)).containsExactly(2L);
  }

  @Test
  void should_read_one_column_as_a_simple_type() {
    assertThat(template.selectOne("SELECT name FROM member WHERE id = ?", String.class, "ada"))
        .isEqualTo("Ada");
    assertThat(template.select("SELECT name FROM member", String.class))
        .containsExactlyInAnyOrder("Ada", "Bob");
    // Converted as the entity converter converts: an int column read as Long, a name as an enum.
    assertThat(template.selectOne("SELECT age FROM member WHERE id = ?", Long.class, "bob"))
        .isEqualTo(40L);
    assertThat(template.selectOne("SELECT level FROM member WHERE id = ?", Level.class, "ada"))
        .isEqualTo(Level.GOLD);
    try (Stream<Integer> ages = template.stream("SELECT age FROM member", Integer.class)) {
      assertThat(ages.mapToInt(Integer::intValue).sum()).isEqualTo(76);
    }
    assertThat(
            template.selectOne(
                SimpleStatement.of("SELECT name FROM member WHERE id = ?", "bob"), String.class))
        .isEqualTo("Bob");
  }

  @Test
  void should_refuse_a_simple_type_from_several_columns() {
    assertThatThrownBy(() -> template.select("SELECT name, age FROM member", String.class))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class)
        .hasMessageContaining("2");
    // The template and its session are still usable.
    assertThat(template.selectOne("SELECT COUNT(*) FROM member", Long.class)).isEqualTo(2L);
  }

  @Test
  void should_read_no_row_as_null() {
    assertThat(template.selectOne("SELECT name FROM member WHERE id = ?", String.class, "nobody"))
        .isNull();
  }

  @Test
  void should_return_the_row_itself() {
    Row row = template.selectOne("SELECT * FROM member WHERE id = ?", Row.class, "ada");
    assertThat(row.getString("name")).isEqualTo("Ada");
    assertThat(row.getInt("age")).isEqualTo(36);
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void should_read_a_row_as_a_map_of_column_names() {
    Map<String, Object> map =
        template.selectOne("SELECT id, name, age FROM member WHERE id = ?", Map.class, "bob");
    assertThat(map)
        .containsExactly(Map.entry("id", "bob"), Map.entry("name", "Bob"), Map.entry("age", 40));
    List<Map> all = template.select("SELECT id FROM member", Map.class);
    assertThat(all).hasSize(2);
  }

  @Test
  void should_read_through_a_registered_row_converter() {
    assertThat(template.selectOne("SELECT name, age FROM member WHERE id = ?", Badge.class, "ada"))
        .isEqualTo(new Badge("Ada (36)"));
    assertThat(template.select("SELECT name, age FROM member", Badge.class))
        .containsExactlyInAnyOrder(new Badge("Ada (36)"), new Badge("Bob (40)"));
  }

  @Test
  void should_still_read_entities() {
    assertThat(template.selectOne("SELECT * FROM member WHERE id = ?", Member.class, "ada"))
        .isEqualTo(new Member("ada", "Ada", 36, Level.GOLD));
  }
}
