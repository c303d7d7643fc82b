package io.scyllaboot.driver.api.mapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PagingIterable;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.mapper.annotations.ClusteringColumn;
import io.scyllaboot.driver.api.mapper.annotations.CqlName;
import io.scyllaboot.driver.api.mapper.annotations.Dao;
import io.scyllaboot.driver.api.mapper.annotations.DaoFactory;
import io.scyllaboot.driver.api.mapper.annotations.DaoKeyspace;
import io.scyllaboot.driver.api.mapper.annotations.Delete;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import io.scyllaboot.driver.api.mapper.annotations.GetEntity;
import io.scyllaboot.driver.api.mapper.annotations.Increment;
import io.scyllaboot.driver.api.mapper.annotations.Insert;
import io.scyllaboot.driver.api.mapper.annotations.Mapper;
import io.scyllaboot.driver.api.mapper.annotations.PartitionKey;
import io.scyllaboot.driver.api.mapper.annotations.Query;
import io.scyllaboot.driver.api.mapper.annotations.QueryProvider;
import io.scyllaboot.driver.api.mapper.annotations.Select;
import io.scyllaboot.driver.api.mapper.annotations.SetEntity;
import io.scyllaboot.driver.api.mapper.annotations.StatementAttributes;
import io.scyllaboot.driver.api.mapper.annotations.Update;
import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
import io.scyllaboot.driver.api.mapper.entity.EntityQuery;
import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The run-time object mapper on the real node: entities, DAO methods, query providers. */
@ExtendWith(CassandraNodeExtension.class)
class MapperIT {
  private static String keyspace;
  private static CqlSession session;
  private static ShopMapper mapper;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("mapper");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".videos (video_id uuid PRIMARY KEY, user_id uuid, name text, tags set<text>,"
            + " location_type int)");
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".user_videos (user_id uuid, added_date timestamp, video_id uuid, name text,"
            + " PRIMARY KEY (user_id, added_date, video_id))");
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".video_stats (video_id uuid PRIMARY KEY, views counter, likes counter)");
    mapper = MapperBuilder.of(ShopMapper.class, session).withDefaultKeyspace(keyspace).build();
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_insert_select_update_and_delete_entities() {
    VideoDao videos = mapper.videoDao();
    Video video = video("Cassandra in an hour", Set.of("nosql", "cql"));
    video.setLocationType(3);

    videos.save(video);

    Video read = videos.get(video.getVideoId());
    assertThat(read.getName()).isEqualTo("Cassandra in an hour");
    assertThat(read.getTags()).containsExactlyInAnyOrder("nosql", "cql");
    assertThat(read.getLocationType()).isEqualTo(3);
    assertThat(read.getUserId()).isEqualTo(video.getUserId());
    assertThat(videos.find(UUID.randomUUID())).isEmpty();
    assertThat(videos.get(UUID.randomUUID())).isNull();

    // Null properties are left unset: the name is updated, the tags kept.
    Video rename = new Video();
    rename.setVideoId(video.getVideoId());
    rename.setName("Cassandra in two hours");
    videos.update(rename);
    assertThat(videos.get(video.getVideoId()).getTags()).containsExactlyInAnyOrder("nosql", "cql");
    assertThat(videos.get(video.getVideoId()).getName()).isEqualTo("Cassandra in two hours");

    // Null written as null: the tags go.
    videos.overwrite(rename);
    assertThat(videos.get(video.getVideoId()).getTags()).isEmpty();

    assertThat(videos.deleteIfExists(video)).isTrue();
    assertThat(videos.deleteIfExists(video)).isFalse();
    assertThat(videos.find(video.getVideoId())).isEmpty();
  }

  @Test
  void should_insert_if_not_exists_and_return_what_was_there() {
    VideoDao videos = mapper.videoDao();
    Video first = video("first", Set.of());
    assertThat(videos.create(first)).isTrue();
    Video second = video("second", Set.of());
    second.setVideoId(first.getVideoId());

    assertThat(videos.create(second)).isFalse();
    Optional<Video> existing = videos.createOrGetExisting(second);

    assertThat(existing).map(Video::getName).contains("first");
    assertThat(videos.get(first.getVideoId()).getName()).isEqualTo("first");
  }

  @Test
  void should_page_by_partial_primary_key_and_run_queries_written_by_hand() throws Exception {
    UserVideoDao userVideos = mapper.userVideoDao(keyspace);
    UUID user = UUID.randomUUID();
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    for (int i = 0; i < 5; i++) {
      userVideos.save(new UserVideo(user, now.plusSeconds(i), UUID.randomUUID(), "v" + i));
    }
    userVideos.save(new UserVideo(UUID.randomUUID(), now, UUID.randomUUID(), "other"));

    PagingIterable<UserVideo> byUser = userVideos.byUser(user);
    assertThat(byUser.all())
        .extracting(UserVideo::getName)
        .containsExactly("v0", "v1", "v2", "v3", "v4");
    try (Stream<UserVideo> stream = userVideos.streamByUser(user)) {
      assertThat(stream.map(UserVideo::getAddedDate).toList())
          .containsExactly(
              now, now.plusSeconds(1), now.plusSeconds(2), now.plusSeconds(3), now.plusSeconds(4));
    }
    assertThat(userVideos.count(user)).isEqualTo(5L);
    assertThat(userVideos.named(user, "v3").all())
        .singleElement()
        .extracting(UserVideo::getName)
        .isEqualTo("v3");
    assertThat(userVideos.firstOf(user).toCompletableFuture().get())
        .map(UserVideo::getName)
        .contains("v0");
    assertThat(userVideos.latestName(user)).isEqualTo("v4");

    PagingIterable<UserVideo> inPagesOfTwo = userVideos.byUserInPages(user);
    assertThat(inPagesOfTwo.availableWithoutFetching()).isEqualTo(2);
    assertThat(inPagesOfTwo.all()).hasSize(5);
    PagingIterable<UserVideo> inPagesOfOne = userVideos.byUserWith(user, b -> b.withPageSize(1));
    assertThat(inPagesOfOne.availableWithoutFetching()).isEqualTo(1);
    assertThat(inPagesOfOne.all()).hasSize(5);
    assertThatThrownBy(() -> mapper.badAttributesDao())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("@StatementAttributes names no consistency level: MOST");

    userVideos.deleteAll(user);
    assertThat(userVideos.count(user)).isZero();
  }

  @Test
  void should_run_a_query_provider_on_entity_helpers() {
    VideoDao videos = mapper.videoDao();
    Video video = video("provided", Set.of("a"));

    assertThat(videos.publish(video)).isTrue();
    assertThat(videos.publish(video)).isFalse();

    assertThat(videos.get(video.getVideoId()).getName()).isEqualTo("provided");
    assertThat(mapper.userVideoDao(keyspace).byUser(video.getUserId()).all())
        .extracting(UserVideo::getVideoId)
        .containsExactly(video.getVideoId());
    assertThat(videos.unpublishIfNamed(video, "not its name")).isFalse();
    assertThat(videos.unpublishIfNamed(video, "provided")).isTrue();
    assertThat(videos.find(video.getVideoId())).isEmpty();
  }

  @Test
  void should_prepare_an_entity_query_keeping_its_statement_options() {
    EntityHelper<Video> helper = EntityHelper.of(Video.class, keyspace, null);
    Video video = video("kept", Set.of());
    mapper.videoDao().save(video);

    PreparedStatement delete =
        session.prepare(
            helper
                .deleteByPrimaryKey()
                .ifExists()
                .build()
                .withConsistency(ConsistencyLevel.QUORUM));
    BoundStatement bound = delete.bind(video.getVideoId());

    assertThat(bound.options().consistency()).isEqualTo(ConsistencyLevel.QUORUM);
    assertThat(session.execute(bound).wasApplied()).isTrue();
    assertThat(mapper.videoDao().find(video.getVideoId())).isEmpty();
  }

  @Test
  void should_read_and_bind_entities_of_statements_written_by_hand() {
    VideoDao videos = mapper.videoDao();
    Video video = video("by hand", Set.of("x"));
    PreparedStatement insert =
        session.prepare(
            "INSERT INTO "
                + keyspace
                + ".videos (video_id, user_id, name, tags, location_type) VALUES (?, ?, ?, ?, ?)");

    session.execute(videos.bind(video, insert.bind()));

    ResultSet rows =
        session.execute(
            "SELECT * FROM " + keyspace + ".videos WHERE video_id = ?", video.getVideoId());
    assertThat(videos.asVideos(rows).all())
        .singleElement()
        .extracting(Video::getName, Video::getTags)
        .containsExactly("by hand", Set.of("x"));
    Row row =
        session
            .execute(
                "SELECT video_id, name FROM " + keyspace + ".videos WHERE video_id = ?",
                video.getVideoId())
            .one();
    assertThat(videos.asVideoLeniently(row).getName()).isEqualTo("by hand");
    assertThatThrownBy(() -> videos.asVideo(row))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the row has no column user_id");
    assertThatThrownBy(() -> mapper.voidSetDao())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("@SetEntity returns the BoundStatement");
  }

  @Test
  void should_add_to_counters_named_by_their_parameters() {
    StatsDao stats = mapper.statsDao();
    UUID video = UUID.randomUUID();

    stats.view(video, 3);
    stats.view(video, 2);
    stats.like(video, 7);

    VideoStats read = stats.get(video);
    assertThat(read.getViews()).isEqualTo(5L);
    assertThat(read.getLikes()).isEqualTo(7L);
    assertThatThrownBy(() -> mapper.badCounterDao())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parameter 2 names no counter of VideoStats [views, likes]");
  }

  @Test
  void should_validate_an_entity_against_its_table_when_the_dao_is_built() {
    assertThatThrownBy(() -> mapper.ghostDao())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("table " + keyspace + ".videos has no column haunted_since")
        .hasMessageContaining(Ghost.class.getName());

    ShopMapper unchecked =
        MapperBuilder.of(ShopMapper.class, session)
            .withDefaultKeyspace(keyspace)
            .withSchemaValidationEnabled(false)
            .build();
    GhostDao ghosts = unchecked.ghostDao();
    assertThatThrownBy(() -> ghosts.get(UUID.randomUUID()))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("haunted_since");
  }

  @Test
  void should_refuse_a_dao_method_it_cannot_implement_naming_it() {
    assertThatThrownBy(() -> mapper.brokenDao())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names")
        .hasMessageContaining("the mapper cannot return java.util.List");
    assertThatThrownBy(() -> MapperBuilder.of(VideoDao.class, session).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("VideoDao is not an interface annotated @Mapper");
    assertThat(mapper.videoDao()).isSameAs(mapper.videoDao());
  }

  private static Video video(String name, Set<String> tags) {
    Video video = new Video();
    video.setVideoId(UUID.randomUUID());
    video.setUserId(UUID.randomUUID());
    video.setName(name);
    video.setTags(tags);
    return video;
  }

  @Mapper
  public interface ShopMapper {
    @DaoFactory
    VideoDao videoDao();

    @DaoFactory
    UserVideoDao userVideoDao(@DaoKeyspace String keyspace);

    @DaoFactory
    BrokenDao brokenDao();

    @DaoFactory
    GhostDao ghostDao();

    @DaoFactory
    VoidSetDao voidSetDao();

    @DaoFactory
    StatsDao statsDao();

    @DaoFactory
    BadCounterDao badCounterDao();

    @DaoFactory
    BadAttributesDao badAttributesDao();
  }

  @Dao
  public interface BadAttributesDao {
    @Select
    @StatementAttributes(consistencyLevel = "MOST")
    Video get(UUID videoId);
  }

  @Dao
  public interface StatsDao {
    @Increment(entityClass = VideoStats.class)
    void view(UUID videoId, long views);

    @Increment(entityClass = VideoStats.class)
    void like(UUID videoId, @CqlName("likes") long amount);

    @Select
    VideoStats get(UUID videoId);
  }

  @Dao
  public interface BadCounterDao {
    @Increment(entityClass = VideoStats.class)
    void add(UUID videoId, long shares);
  }

  @Entity
  @CqlName("video_stats")
  public static class VideoStats {
    @PartitionKey private UUID videoId;
    private Long views;
    private Long likes;

    public UUID getVideoId() {
      return videoId;
    }

    public void setVideoId(UUID videoId) {
      this.videoId = videoId;
    }

    public Long getViews() {
      return views;
    }

    public void setViews(Long views) {
      this.views = views;
    }

    public Long getLikes() {
      return likes;
    }

    public void setLikes(Long likes) {
      this.likes = likes;
    }
  }

  @Dao
  public interface VoidSetDao {
    @SetEntity
    void bind(Video video, BoundStatement bound);
  }

  @Dao
  public interface GhostDao {
    @Select
    Ghost get(UUID videoId);
  }

  /** An entity of the videos table with a column the table lacks. */
  @Entity
  @CqlName("videos")
  public static class Ghost {
    @PartitionKey private UUID videoId;
    private Instant hauntedSince;

    public UUID getVideoId() {
      return videoId;
    }

    public void setVideoId(UUID videoId) {
      this.videoId = videoId;
    }

    public Instant getHauntedSince() {
      return hauntedSince;
    }

    public void setHauntedSince(Instant hauntedSince) {
      this.hauntedSince = hauntedSince;
    }
  }

  @Dao
  public interface VideoDao {
    @Select
    Video get(UUID videoId);

    @Select
    Optional<Video> find(UUID videoId);

    @Insert
    void save(Video video);

    @Insert(ifNotExists = true)
    boolean create(Video video);

    @Insert(ifNotExists = true)
    Optional<Video> createOrGetExisting(Video video);

    @Update
    void update(Video template);

    @Update(nullSavingStrategy = NullSavingStrategy.SET_TO_NULL)
    void overwrite(Video video);

    @Delete(ifExists = true)
    boolean deleteIfExists(Video video);

    @SetEntity
    BoundStatement bind(Video video, BoundStatement bound);

    @GetEntity
    Video asVideo(Row row);

    @GetEntity(lenient = true)
    Video asVideoLeniently(Row row);

    @GetEntity
    PagingIterable<Video> asVideos(ResultSet rows);

    @QueryProvider(
        providerClass = PublishProvider.class,
        entityHelpers = {Video.class, UserVideo.class})
    boolean publish(Video video);

    @QueryProvider(
        providerClass = PublishProvider.class,
        entityHelpers = {Video.class, UserVideo.class},
        providerMethod = "unpublish")
    boolean unpublishIfNamed(Video video, String name);
  }

  @Dao
  public interface UserVideoDao {
    @Insert
    CompletionStage<Void> insertAsync(UserVideo video);

    default void save(UserVideo video) {
      insertAsync(video).toCompletableFuture().join();
    }

    @Select
    PagingIterable<UserVideo> byUser(UUID userId);

    @Select
    Stream<UserVideo> streamByUser(UUID userId);

    @Select
    @StatementAttributes(consistencyLevel = "QUORUM", pageSize = 2, timeout = "5s")
    PagingIterable<UserVideo> byUserInPages(UUID userId);

    @Select
    PagingIterable<UserVideo> byUserWith(
        UUID userId, Function<BoundStatement, BoundStatement> options);

    @Select(limit = "1")
    CompletionStage<Optional<UserVideo>> firstOf(UUID userId);

    @Query("SELECT count(*) FROM ${qualifiedTableId} WHERE user_id = :userId")
    long count(UUID userId);

    // Parameters named otherwise than the markers: bound in order.
    @Select(customWhereClause = "user_id = :u AND name = :n", allowFiltering = true)
    PagingIterable<UserVideo> named(UUID userOfVideo, String nameOfVideo);

    @Query(
        "SELECT name FROM ${qualifiedTableId} WHERE user_id = ? ORDER BY added_date DESC LIMIT 1")
    Row latestRow(UUID userId);

    default String latestName(UUID userId) {
      return latestRow(userId).getString("name");
    }

    @Delete(entityClass = UserVideo.class)
    void deleteAll(UUID userId);
  }

  @Dao
  public interface BrokenDao {
    @Select
    List<Video> names();
  }

  /** Publishes a video in both tables; unpublishes it if its name is still the one given. */
  static class PublishProvider {
    private final CqlSession session;
    private final EntityHelper<Video> videoHelper;
    private final EntityHelper<UserVideo> userVideoHelper;
    private final PreparedStatement insertVideo;
    private final PreparedStatement insertUserVideo;
    private final PreparedStatement deleteVideo;

    PublishProvider(
        MapperContext context,
        EntityHelper<Video> videoHelper,
        EntityHelper<UserVideo> userVideoHelper) {
      this.session = context.session();
      this.videoHelper = videoHelper;
      this.userVideoHelper = userVideoHelper;
      this.insertVideo = session.prepare(videoHelper.insert().ifNotExists().asCql());
      this.insertUserVideo = session.prepare(userVideoHelper.insert().asCql());
      this.deleteVideo =
          session.prepare(
              videoHelper
                  .deleteByPrimaryKey()
                  .ifColumn("name")
                  .isEqualTo(EntityQuery.bindMarker("name"))
                  .asCql());
    }

    boolean publish(Video video) {
      BoundStatement bound =
          videoHelper.set(video, insertVideo.bind(), NullSavingStrategy.DO_NOT_SET, false);
      if (!session.execute(bound).wasApplied()) {
        return false;
      }
      UserVideo userVideo =
          new UserVideo(
              video.getUserId(),
              Instant.now().truncatedTo(ChronoUnit.MILLIS),
              video.getVideoId(),
              video.getName());
      session.execute(
          userVideoHelper.set(userVideo, insertUserVideo.bind(), NullSavingStrategy.DO_NOT_SET));
      return true;
    }

    boolean unpublish(Video video, String name) {
      Row row = session.execute(deleteVideo.bind(video.getVideoId(), name)).one();
      return row != null && row.getBoolean("[applied]");
    }
  }

  /** Columns shared by the video tables; the subclasses say which are keys. */
  public abstract static class VideoBase {
    private UUID userId;
    private UUID videoId;
    private String name;

    public UUID getUserId() {
      return userId;
    }

    public void setUserId(UUID userId) {
      this.userId = userId;
    }

    public UUID getVideoId() {
      return videoId;
    }

    public void setVideoId(UUID videoId) {
      this.videoId = videoId;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }
  }

  @Entity
  @CqlName("videos")
  public static class Video extends VideoBase {
    private Set<String> tags;
    private int locationType;

    @Override
    @PartitionKey
    public UUID getVideoId() {
      return super.getVideoId();
    }

    public Set<String> getTags() {
      return tags;
    }

    public void setTags(Set<String> tags) {
      this.tags = tags;
    }

    public int getLocationType() {
      return locationType;
    }

    public void setLocationType(int locationType) {
      this.locationType = locationType;
    }
  }

  @Entity
  @CqlName("user_videos")
  public static class UserVideo extends VideoBase {
    @ClusteringColumn private Instant addedDate;

    public UserVideo() {}

    UserVideo(UUID userId, Instant addedDate, UUID videoId, String name) {
      setUserId(userId);
      this.addedDate = addedDate;
      setVideoId(videoId);
      setName(name);
    }

    @Override
    @PartitionKey
    public UUID getUserId() {
      return super.getUserId();
    }

    public Instant getAddedDate() {
      return addedDate;
    }

    public void setAddedDate(Instant addedDate) {
      this.addedDate = addedDate;
    }

    @Override
    @ClusteringColumn(1)
    public UUID getVideoId() {
      return super.getVideoId();
    }
  }
}
