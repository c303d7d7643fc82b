package io.scyllaboot.spring.core;

import static io.scyllaboot.spring.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Value;

/**
 * The fluent API's {@code inTable(..)} and {@code as(..)} against the real node, as Spring Data
 * Cassandra's {@code ExecutableSelectOperation} and its siblings: every operation on another table
 * of the entity's shape, reads projected onto an interface (a proxy, SpEL allowed) or a DTO.
 */
@ExtendWith(CassandraNodeExtension.class)
class FluentTableAndProjectionIT {
  private static final String COLUMNS =
      " (sensor text, at int, value double, PRIMARY KEY (sensor, at))";

  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension("fluent_tbl", "readings" + COLUMNS, "readings_archive" + COLUMNS);

  private static ScyllaTemplate template;

  @Table("readings")
  record Reading(@PartitionKey String sensor, @ClusteringColumn int at, Double value) {}

  interface AtAndValue {
    int getAt();

    Double getValue();

    @Value("#{target.sensor + '@' + target.at}")
    String getLabel();
  }

  record ValueOnly(Double value) {}

  @BeforeAll
  static void template() {
    template = new ScyllaTemplate(keyspace.session());
  }

  @BeforeEach
  void rows() {
    keyspace.session().execute("TRUNCATE readings");
    keyspace.session().execute("TRUNCATE readings_archive");
    template.insert(new Reading("s1", 1, 10.0));
    template.insert(new Reading("s1", 2, 20.0));
  }

  private static Query key(String sensor, int at) {
    return Query.query(where("sensor").is(sensor), where("at").is(at));
  }

  @Test
  void every_fluent_operation_works_on_the_table_named_by_inTable() {
    template.insert(Reading.class).inTable("readings_archive").one(new Reading("s9", 1, 1.0));

    assertThat(template.query(Reading.class).inTable("readings_archive").all())
        .containsExactly(new Reading("s9", 1, 1.0));
    assertThat(template.query(Reading.class).matching(key("s9", 1)).exists()).isFalse();
    assertThat(template.query(Reading.class).inTable("readings_archive").count()).isEqualTo(1);

    template
        .update(Reading.class)
        .inTable("readings_archive")
        .matching(key("s9", 1))
        .apply(Update.update("value", 7.0));
    assertThat(
            template.query(Reading.class).inTable("readings_archive").matching(key("s9", 1)).one())
        .isEqualTo(new Reading("s9", 1, 7.0));

    template.delete(Reading.class).inTable("readings_archive").matching(key("s9", 1)).all();
    assertThat(template.query(Reading.class).inTable("readings_archive").exists()).isFalse();
    // The entity's own table kept its rows throughout.
    assertThat(template.query(Reading.class).count()).isEqualTo(2);
  }

  @Test
  void as_projects_each_row_onto_an_interface_or_a_dto() {
    List<AtAndValue> projected =
        template.query(Reading.class).as(AtAndValue.class).matching(where("sensor").is("s1")).all();
    assertThat(projected).extracting(AtAndValue::getAt).containsExactly(1, 2);
    assertThat(projected).extracting(AtAndValue::getValue).containsExactly(10.0, 20.0);
    assertThat(projected).extracting(AtAndValue::getLabel).containsExactly("s1@1", "s1@2");

    assertThat(template.query(Reading.class).as(ValueOnly.class).matching(key("s1", 2)).one())
        .isEqualTo(new ValueOnly(20.0));
    assertThat(template.query(Reading.class).as(ValueOnly.class).stream().map(ValueOnly::value))
        .containsExactlyInAnyOrder(10.0, 20.0);
  }

  @Test
  void as_and_inTable_combine() {
    template.insert(Reading.class).inTable("readings_archive").one(new Reading("s5", 3, 5.0));

    assertThat(
            template.query(Reading.class).inTable("readings_archive").as(ValueOnly.class).first())
        .isEqualTo(new ValueOnly(5.0));
  }
}
