package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.ImmutableEntities.Gadget;
import io.scyllaboot.spring.mapping.ImmutableEntities.Note;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.UserDefinedType;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.CqlPageRequest;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.query.LikeNotSupportedException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;

/**
 * Repositories built without Boot against the real node: custom conversions, findAll(Pageable),
 * derived Between/StartingWith/True/False, @Query count/exists, @UserDefinedType
 * and @Table(keyspace), immutable entities.
 */
@ExtendWith(CassandraNodeExtension.class)
class RepositoryFeaturesIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("feat");
  private static CqlSession session;
  private static ScyllaEntityConverter converter;
  private static ScyllaRepositoryFactory factory;
  private static Items items;

  public record Money(BigDecimal amount, String currency) {}

  public enum Priority {
    LOW,
    HIGH
  }

  @WritingConverter
  static final class MoneyToString implements Converter<Money, String> {
    @Override
    public String convert(Money money) {
      return money.amount().toPlainString() + " " + money.currency();
    }
  }

  @ReadingConverter
  static final class StringToMoney implements Converter<String, Money> {
    @Override
    public Money convert(String text) {
      String[] parts = text.split(" ");
      return new Money(new BigDecimal(parts[0]), parts[1]);
    }
  }

  @WritingConverter
  static final class PriorityToInt implements Converter<Priority, Integer> {
    @Override
    public Integer convert(Priority priority) {
      return priority.ordinal() * 10;
    }
  }

  @ReadingConverter
  static final class IntToPriority implements Converter<Integer, Priority> {
    @Override
    public Priority convert(Integer code) {
      return Priority.values()[code / 10];
    }
  }

  @Table("items")
  public record Item(
      @PartitionKey String shop,
      @ClusteringColumn int seq,
      String name,
      boolean active,
      Money price,
      Priority priority) {}

  public record ItemKey(String shop, int seq) {}

  public interface Items extends ScyllaRepository<Item, ItemKey> {
    List<Item> findByShopAndSeqBetween(String shop, int from, int to);

    @AllowFiltering
    List<Item> findByShopAndNameStartingWith(String shop, String prefix);

    @AllowFiltering
    List<Item> findByShopAndActiveTrue(String shop);

    @AllowFiltering
    long countByShopAndActiveFalse(String shop);

    @AllowFiltering
    List<Item> findByShopAndPriority(String shop, Priority priority);

    @Query(value = "SELECT COUNT(*) FROM items WHERE shop = ?0", count = true)
    int countRowsWithCql(String shop);

    @Query(value = "SELECT seq FROM items WHERE shop = ?0 LIMIT 1", exists = true)
    boolean shopExists(String shop);

    @Query(value = "SELECT * FROM items WHERE shop = ?0", idempotent = Query.Idempotency.IDEMPOTENT)
    List<Item> idempotentRead(String shop);
  }

  /** A keyspace other than the session's, named in @Table(keyspace = ...). */
  static final String OTHER_KEYSPACE = "scyllaboot_features_other";

  @UserDefinedType("postal_address")
  public record Address(String street, String city) {}

  @Table(value = "places", keyspace = OTHER_KEYSPACE)
  public record Place(@PartitionKey String id, Address address, List<Address> history) {}

  public interface Places extends ScyllaRepository<Place, String> {
    List<Place> findByIdIn(List<String> ids);
  }

  @BeforeAll
  static void connect() {
    CassandraNode.ensureRunning();
    try (CqlSession admin = CassandraNode.openSession()) {
      CassandraNode.createKeyspace(admin, KEYSPACE);
      admin.execute("DROP KEYSPACE IF EXISTS " + OTHER_KEYSPACE);
      CassandraNode.createKeyspace(admin, OTHER_KEYSPACE);
    }
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(KEYSPACE)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    ScyllaMappingContext context =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE,
            new ScyllaCustomConversions(
                List.of(
                    new MoneyToString(),
                    new StringToMoney(),
                    new PriorityToInt(),
                    new IntToPriority())));
    converter = new ScyllaEntityConverter(context);
    factory =
        new ScyllaRepositoryFactory(
            session,
            new ScyllaExceptionTranslator(),
            converter,
            new SchemaCreator(session, context));
    items = factory.getRepository(Items.class);
    List<Item> all = new ArrayList<>();
    for (int seq = 0; seq < 25; seq++) {
      all.add(
          new Item(
              "s1",
              seq,
              (seq % 2 == 0 ? "bolt-" : "nut-") + seq,
              seq % 3 == 0,
              new Money(new BigDecimal(seq + ".50"), "EUR"),
              seq % 4 == 0 ? Priority.HIGH : Priority.LOW));
    }
    items.saveAll(all);
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      session.execute("DROP KEYSPACE IF EXISTS " + OTHER_KEYSPACE);
      session.close();
    }
  }

  @Test
  void customConversions_roundTripAndPickTheColumnType() {
    Item read = items.findById(new ItemKey("s1", 4)).orElseThrow();
    assertThat(read.price()).isEqualTo(new Money(new BigDecimal("4.50"), "EUR"));
    assertThat(read.priority()).isEqualTo(Priority.HIGH);
    Row stored =
        session.execute("SELECT price, priority FROM items WHERE shop = 's1' AND seq = 4").one();
    assertThat(stored.getObject("price")).isEqualTo("4.50 EUR");
    assertThat(stored.getObject("priority")).isEqualTo(10);
    Map<String, String> types = new HashMap<>();
    for (Row column :
        session.execute(
            "SELECT column_name, type FROM system_schema.columns WHERE keyspace_name = ?"
                + " AND table_name = 'items'",
            KEYSPACE)) {
      types.put(column.getString("column_name"), column.getString("type"));
    }
    assertThat(types).containsEntry("price", "text").containsEntry("priority", "int");
    // Query parameters go through the same conversions.
    assertThat(items.findByShopAndPriority("s1", Priority.HIGH))
        .extracting(Item::seq)
        .containsExactlyInAnyOrder(0, 4, 8, 12, 16, 20, 24);
  }

  @Test
  void findAllPageable_pagesWithThePagingState() {
    List<Integer> seen = new ArrayList<>();
    Slice<Item> slice = items.findAll(CqlPageRequest.first(10));
    int slices = 1;
    slice.forEach(item -> seen.add(item.seq()));
    while (slice.hasNext()) {
      Pageable next = slice.nextPageable();
      slice = items.findAll(next);
      slice.forEach(item -> seen.add(item.seq()));
      slices++;
    }
    assertThat(slices).isEqualTo(3);
    assertThat(seen).hasSize(25).doesNotHaveDuplicates();
    assertThat(items.findAll(PageRequest.of(2, 10)).getContent()).hasSize(5);
    assertThatThrownBy(() -> items.findAll(PageRequest.of(0, 10, Sort.by("seq"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot order");
  }

  @Test
  void findAllPageable_ofPageWalksToItsPageAndNextPastTheLastIsEmpty() {
    List<Integer> byPlainRequests = new ArrayList<>();
    for (int page = 0; page < 3; page++) {
      items.findAll(PageRequest.of(page, 10)).forEach(item -> byPlainRequests.add(item.seq()));
    }
    // ofPage(n) without a paging state is page n, not page 0 again.
    Slice<Item> second = items.findAll(CqlPageRequest.ofPage(1, 10, Sort.unsorted()));
    assertThat(second.getNumber()).isEqualTo(1);
    assertThat(second.getContent())
        .extracting(Item::seq)
        .containsExactlyElementsOf(byPlainRequests.subList(10, 20));
    assertThat(items.findAll(CqlPageRequest.first(10).next()).getContent())
        .extracting(Item::seq)
        .containsExactlyElementsOf(byPlainRequests.subList(10, 20));
    // next() of the last page: an empty slice, not the first page again.
    Slice<Item> last = items.findAll(CqlPageRequest.ofPage(2, 10, Sort.unsorted()));
    assertThat(last.hasNext()).isFalse();
    assertThat(last.getContent()).hasSize(5);
    Slice<Item> after = items.findAll(last.getPageable().next());
    assertThat(after.getContent()).isEmpty();
    assertThat(after.hasNext()).isFalse();
    assertThat(after.getNumber()).isEqualTo(3);
    assertThat(items.findAll(CqlPageRequest.ofPage(7, 10, Sort.unsorted())).getContent()).isEmpty();
  }

  @Test
  void between_trueAndFalse_derivedQueries() {
    assertThat(items.findByShopAndSeqBetween("s1", 3, 6))
        .extracting(Item::seq)
        .containsExactly(4, 5);
    assertThat(items.findByShopAndActiveTrue("s1"))
        .extracting(Item::seq)
        .containsExactly(0, 3, 6, 9, 12, 15, 18, 21, 24);
    assertThat(items.countByShopAndActiveFalse("s1")).isEqualTo(16);
  }

  @Test
  void startingWith_withoutALikeIndex_failsWithATypedErrorNamingTheColumn() {
    // Cassandra 5.0: SAI has no LIKE, and the name column has no SASI index (see SasiLikeQueryIT).
    assertThatThrownBy(() -> items.findByShopAndNameStartingWith("s1", "bolt-"))
        .isInstanceOf(LikeNotSupportedException.class)
        .hasMessageContaining("findByShopAndNameStartingWith")
        .hasMessageContaining("[name]")
        .hasMessageContaining("SASI");
    // The session is still usable.
    assertThat(items.count()).isEqualTo(25);
  }

  @Test
  void queryCountExistsAndIdempotent() {
    assertThat(items.countRowsWithCql("s1")).isEqualTo(25);
    assertThat(items.shopExists("s1")).isTrue();
    assertThat(items.shopExists("nowhere")).isFalse();
    assertThat(items.idempotentRead("s1")).hasSize(25);
  }

  @Test
  void userDefinedTypeName_andTableKeyspace_areUsedBySchemaAndStatements() {
    Places places = factory.getRepository(Places.class);
    Place place =
        new Place(
            "p1",
            new Address("1 rue de Rivoli", "Paris"),
            List.of(new Address("2 quai Perrache", "Lyon")));
    places.save(place);
    assertThat(places.findById("p1")).contains(place);
    assertThat(places.findByIdIn(List.of("p1", "p2"))).containsExactly(place);
    // The table and its type live in the other keyspace, the type under its annotated name.
    assertThat(
            session
                .execute(
                    "SELECT type_name FROM system_schema.types WHERE keyspace_name = ?",
                    OTHER_KEYSPACE)
                .one()
                .getString("type_name"))
        .isEqualTo("postal_address");
    assertThat(
            session
                .execute(
                    "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?"
                        + " AND table_name = 'places'",
                    KEYSPACE)
                .one())
        .isNull();
    assertThat(session.execute("SELECT id FROM " + OTHER_KEYSPACE + ".places").all()).hasSize(1);
  }

  public interface Gadgets extends ScyllaRepository<Gadget, String> {}

  public interface Notes extends ScyllaRepository<Note, String> {
    List<Note> findByIdIn(List<String> ids);
  }

  @Test
  void immutableEntities_recordsAndWitherClasses_roundTripThroughARepository() {
    Gadgets gadgets = factory.getRepository(Gadgets.class);
    Gadget gadget = new Gadget("g1", "lamp").withSize(7);
    assertThat(gadgets.save(gadget)).isSameAs(gadget);
    assertThat(gadgets.findById("g1")).contains(gadget);
    gadgets.save(gadget.withSize(8));
    assertThat(gadgets.findById("g1").orElseThrow().getSize()).isEqualTo(8);

    Notes notes = factory.getRepository(Notes.class);
    notes.saveAll(List.of(new Note("n1", "first", 3), new Note("n2", "second", 5)));
    assertThat(notes.findById("n2")).contains(new Note("n2", "second", 5));
    assertThat(notes.findByIdIn(List.of("n1", "n2")))
        .containsExactlyInAnyOrder(new Note("n1", "first", 3), new Note("n2", "second", 5));
    assertThat(notes.findAllById(List.of("n1"))).containsExactly(new Note("n1", "first", 3));
  }
}
