package io.scyllaboot.driver.api.mapper.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.mapper.annotations.ClusteringColumn;
import io.scyllaboot.driver.api.mapper.annotations.CqlName;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import io.scyllaboot.driver.api.mapper.annotations.PartitionKey;
import io.scyllaboot.driver.api.mapper.annotations.Transient;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The CQL an entity helper writes, read off the entity's annotations (no node needed). */
class EntityHelperTest {

  /** Columns inherited, a key on an overridden getter, a transient property. */
  public abstract static class Base {
    private UUID videoId;
    private Instant addedDate;
    private String name;

    public UUID getVideoId() {
      return videoId;
    }

    public void setVideoId(UUID videoId) {
      this.videoId = videoId;
    }

    public Instant getAddedDate() {
      return addedDate;
    }

    public void setAddedDate(Instant addedDate) {
      this.addedDate = addedDate;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }
  }

  @Entity
  @CqlName("latest_videos")
  public static class LatestVideo extends Base {
    @PartitionKey private String day;
    private Set<String> tags;
    @Transient private String cached;

    public String getDay() {
      return day;
    }

    public void setDay(String day) {
      this.day = day;
    }

    @Override
    @ClusteringColumn(1)
    public UUID getVideoId() {
      return super.getVideoId();
    }

    @Override
    @ClusteringColumn(0)
    public Instant getAddedDate() {
      return super.getAddedDate();
    }

    public Set<String> getTags() {
      return tags;
    }

    public void setTags(Set<String> tags) {
      this.tags = tags;
    }

    public String getCached() {
      return cached;
    }

    public void setCached(String cached) {
      this.cached = cached;
    }
  }

  @Entity
  public static class UserCredentials {
    @PartitionKey private String email;
    private String password;

    public String getEmail() {
      return email;
    }

    public void setEmail(String email) {
      this.email = email;
    }

    public String getPassword() {
      return password;
    }

    public void setPassword(String password) {
      this.password = password;
    }
  }

  public static class NotAnEntity {}

  @Entity
  public static class NoKey {
    private int value;

    public int getValue() {
      return value;
    }

    public void setValue(int value) {
      this.value = value;
    }
  }

  @Test
  void should_name_columns_in_snake_case_primary_key_first() {
    EntityHelper<LatestVideo> helper = EntityHelper.of(LatestVideo.class, "ks", null);

    assertThat(helper.table()).isEqualTo("latest_videos");
    assertThat(helper.primaryKey()).containsExactly("day", "added_date", "video_id");
    assertThat(helper.columns()).containsExactly("day", "added_date", "video_id", "name", "tags");
    assertThat(EntityHelper.of(UserCredentials.class, null, null).table())
        .isEqualTo("user_credentials");
  }

  @Test
  void should_write_the_statements_of_the_entity() {
    EntityHelper<LatestVideo> helper = EntityHelper.of(LatestVideo.class, "ks", null);

    assertThat(helper.insert().ifNotExists().usingTtl(60).asCql())
        .isEqualTo(
            "INSERT INTO ks.latest_videos (day,added_date,video_id,name,tags)"
                + " VALUES (:day,:added_date,:video_id,:name,:tags) IF NOT EXISTS USING TTL 60");
    assertThat(helper.selectByPrimaryKeyParts(1).limit(10).asCql())
        .isEqualTo(
            "SELECT day,added_date,video_id,name,tags FROM ks.latest_videos WHERE day = :day"
                + " LIMIT 10");
    assertThat(
            helper
                .deleteByPrimaryKey()
                .ifColumn("name")
                .isEqualTo(EntityQuery.bindMarker("name"))
                .asCql())
        .isEqualTo(
            "DELETE FROM ks.latest_videos WHERE day = :day AND added_date = :added_date"
                + " AND video_id = :video_id IF name = :name");
    assertThat(helper.updateByPrimaryKey().ifExists().asCql())
        .isEqualTo(
            "UPDATE ks.latest_videos SET name = :name, tags = :tags WHERE day = :day"
                + " AND added_date = :added_date AND video_id = :video_id IF EXISTS");
    assertThat(
            EntityHelper.of(UserCredentials.class, null, "creds")
                .selectStart()
                .whereColumn("password")
                .isEqualTo(EntityQuery.bindMarker())
                .allowFiltering()
                .build()
                .query())
        .isEqualTo("SELECT email,password FROM creds WHERE password = ? ALLOW FILTERING");
  }

  @Test
  void should_refuse_what_is_no_entity_naming_it() {
    assertThatThrownBy(() -> EntityHelper.of(NotAnEntity.class, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NotAnEntity is not annotated @Entity");
    assertThatThrownBy(() -> EntityHelper.of(NoKey.class, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NoKey has no @PartitionKey property");
    assertThatThrownBy(
            () -> EntityHelper.of(UserCredentials.class, null, null).selectByPrimaryKeyParts(2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has 1 primary key columns, not 2");
  }
}
