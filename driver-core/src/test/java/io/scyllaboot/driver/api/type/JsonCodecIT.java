package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * JSON in a text column, and rows inserted and selected as JSON ({@code INSERT ... JSON ?}, {@code
 * SELECT JSON}), through {@code ExtraTypeCodecs.json}, against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
class JsonCodecIT {
  record User(String name, int age) {
    @JsonCreator
    User(@JsonProperty("name") String name, @JsonProperty("age") int age) {
      this.name = name;
      this.age = age;
    }
  }

  /** A whole row of the users table. */
  record Account(int id, String name, int age) {}

  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("json");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .addTypeCodecs(
                ExtraTypeCodecs.json(User.class),
                ExtraTypeCodecs.json(Account.class),
                ExtraTypeCodecs.json(JsonNode.class, new ObjectMapper()))
            .build();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".docs (id int PRIMARY KEY, json text)");
    session.execute("CREATE TABLE " + keyspace + ".users (id int PRIMARY KEY, name text, age int)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_store_an_application_value_as_json_text_and_read_it_back() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".docs (id, json) VALUES (?, ?)");
    session.execute(insert.bind(1, new User("alice", 30)));
    session.execute(
        "INSERT INTO " + keyspace + ".docs (id, json) VALUES (?, ?)", 2, new User("bob", 35));

    Row row = session.execute("SELECT json FROM " + keyspace + ".docs WHERE id = 1").one();
    assertThat(row.get("json", User.class)).isEqualTo(new User("alice", 30));
    assertThat(row.getString("json")).isEqualTo("{\"name\":\"alice\",\"age\":30}");
    Row unprepared = session.execute("SELECT json FROM " + keyspace + ".docs WHERE id = 2").one();
    assertThat(unprepared.get("json", JsonNode.class).get("age").asInt()).isEqualTo(35);
  }

  @Test
  void should_insert_and_select_whole_rows_as_json() {
    PreparedStatement insert = session.prepare("INSERT INTO " + keyspace + ".users JSON ?");
    session.execute(insert.bind(new Account(3, "carol", 41)));
    session.execute(
        session
            .prepare("INSERT INTO " + keyspace + ".users (id, name, age) VALUES (?, ?, ?)")
            .bind(4, "dave", 52));

    Row row =
        session.execute("SELECT JSON name, age FROM " + keyspace + ".users WHERE id = 4").one();
    assertThat(row.get(0, User.class)).isEqualTo(new User("dave", 52));
    Row carol = session.execute("SELECT name, age FROM " + keyspace + ".users WHERE id = 3").one();
    assertThat(carol.getInt("age")).isEqualTo(41);
  }

  @Test
  void should_refuse_text_that_is_not_json_of_the_type_without_showing_it() {
    session.execute("INSERT INTO " + keyspace + ".docs (id, json) VALUES (5, 's3cr3t')");

    Row row = session.execute("SELECT json FROM " + keyspace + ".docs WHERE id = 5").one();
    assertThatThrownBy(() -> row.get("json", User.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not JSON of")
        .hasMessageContaining("User")
        .hasMessageNotContaining("s3cr3t")
        .hasNoCause();
  }
}
