package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.query.Criteria;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The mapping annotations on the real node: {@code @Tuple}, raw tuple and UDT values,
 * {@code @CqlType}, {@code @Frozen}, {@code @Embedded}, static columns and {@code @TableOptions},
 * round-tripped through a repository and the template, with the schema that schema creation made
 * read back from {@code system_schema}.
 */
@ExtendWith(CassandraNodeExtension.class)
class MappingAnnotationsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("mapann");

  @UserDefinedType("postal")
  public record Postal(String city, int zip) {}

  @Tuple
  public record Measure(@Element(0) String unit, @Element(1) double value, @Element(2) Postal at) {}

  public record Geo(double lat, double lon) {}

  public record Contact(String email, @Embedded.Nullable(prefix = "geo_") Geo geo) {}

  public enum Tier {
    FREE,
    PAID
  }

  @Table
  @TableOptions(
      comment = "mapping annotations",
      defaultTimeToLive = 86400,
      compaction = "class=LeveledCompactionStrategy")
  public record Account(
      @PartitionKey int org,
      @ClusteringColumn int id,
      @Column(value = "org_name", isStatic = true) String orgName,
      Measure last,
      List<Measure> history,
      @CqlType(
              type = CqlType.Name.TUPLE,
              typeArguments = {CqlType.Name.INT, CqlType.Name.TEXT})
          TupleValue pair,
      @CqlType(type = CqlType.Name.UDT, userTypeName = "postal") UdtValue rawPostal,
      @CqlType(type = CqlType.Name.UUID) String ref,
      @CqlType(type = CqlType.Name.INT) Tier tier,
      @CqlType(type = CqlType.Name.SET, typeArguments = CqlType.Name.INT) List<String> codes,
      @Frozen List<String> frozenTags,
      List<@Frozen Postal> postals,
      @Embedded.Nullable(prefix = "home_") Contact home,
      @Embedded.Empty(prefix = "work_") Contact work) {}

  public record AccountKey(int org, int id) {}

  public interface Accounts extends ScyllaRepository<Account, AccountKey> {
    List<Account> findByOrg(int org);

    // Derived on an embedded column and on @CqlType columns (arguments bound as the CQL type).
    @AllowFiltering
    List<Account> findByOrgAndHomeEmail(int org, String email);

    @AllowFiltering
    List<Account> findByOrgAndRefAndTierIn(int org, String ref, List<Tier> tiers);
  }

  private static ScyllaTemplate template;
  private static Accounts accounts;

  @BeforeAll
  static void repositories() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    CqlSession session = keyspace.session();
    template =
        new ScyllaTemplate(
            new CqlTemplate(session, new ScyllaExceptionTranslator()),
            new ScyllaEntityConverter(context));
    accounts =
        new ScyllaRepositoryFactory(template, new SchemaCreator(session, context))
            .getRepository(Accounts.class);
  }

  private static final String REF = "6f1c6f2e-5a34-4a1e-9d0f-2b8a6b7f1c11";

  private static Account account(int org, int id, String orgName, Contact home, Contact work) {
    Postal lyon = new Postal("lyon", 69000);
    return new Account(
        org,
        id,
        orgName,
        new Measure("kg", 2.5, lyon),
        List.of(new Measure("g", 1.0, null), new Measure("t", 3.0, new Postal("nice", 6000))),
        TupleValue.of(id, "pair " + id),
        UdtValue.of(Map.of("city", "paris", "zip", 75000)),
        REF,
        Tier.PAID,
        List.of("3", "1", "2"),
        List.of("b", "a"),
        List.of(lyon),
        home,
        work);
  }

  @Test
  void should_round_trip_every_annotation_through_a_repository() {
    Contact home = new Contact("ann@home", new Geo(45.75, 4.85));
    Account saved = account(1, 1, "first name", home, null);
    accounts.save(saved);

    Account read = accounts.findById(new AccountKey(1, 1)).orElseThrow();

    // An empty embedded object reads as an empty instance (its own nullable embedding as null).
    assertThat(read)
        .usingRecursiveComparison()
        .ignoringFields("codes")
        .isEqualTo(account(1, 1, "first name", home, new Contact(null, null)));
    assertThat(read.codes()).containsExactlyInAnyOrder("1", "2", "3");
    Row stored =
        keyspace
            .session()
            .execute(
                "SELECT ref, tier, codes, home_geo_lat, work_email, TTL(ref) AS ttl"
                    + " FROM account WHERE org = 1 AND id = 1")
            .one();
    assertThat(stored.getObject("ref")).isEqualTo(UUID.fromString(REF));
    assertThat(stored.getObject("tier")).isEqualTo(1);
    assertThat(stored.getObject("codes")).isEqualTo(Set.of(1, 2, 3));
    assertThat(stored.getObject("home_geo_lat")).isEqualTo(45.75);
    assertThat(stored.getObject("work_email")).isNull();
    // The table's default TTL applies to writes that give none.
    assertThat((Integer) stored.getObject("ttl")).isBetween(86_000, 86_400);
  }

  @Test
  void should_share_a_static_column_across_the_partition_and_query_embedded_columns() {
    template.insert(account(2, 1, "old", new Contact("a@x", null), null));
    template.insert(account(2, 2, "new", null, new Contact("b@work", new Geo(1, 2))));

    List<Account> partition = accounts.findByOrg(2);

    assertThat(partition).extracting(Account::orgName).containsExactly("new", "new");
    assertThat(partition.get(0).home()).isEqualTo(new Contact("a@x", null));
    assertThat(partition.get(1).home()).isNull();
    Account byWorkEmail =
        template.selectOne(
            Query.query(Criteria.where("org").is(2), Criteria.where("work.email").is("b@work"))
                .withAllowFiltering(),
            Account.class);
    assertThat(byWorkEmail.id()).isEqualTo(2);
    assertThat(byWorkEmail.work()).isEqualTo(new Contact("b@work", new Geo(1, 2)));
    assertThat(accounts.findByOrgAndHomeEmail(2, "a@x")).extracting(Account::id).containsExactly(1);
    assertThat(accounts.findByOrgAndRefAndTierIn(2, REF, List.of(Tier.PAID)))
        .extracting(Account::id)
        .containsExactly(1, 2);
    assertThat(accounts.findByOrgAndRefAndTierIn(2, REF, List.of(Tier.FREE))).isEmpty();
    assertThat(
            template.select(
                Query.query(Criteria.where("org").is(2), Criteria.where("tier").in(Tier.PAID))
                    .withAllowFiltering(),
                Account.class))
        .hasSize(2);
  }

  @Test
  void should_update_an_entity_with_embedded_objects() {
    template.insert(account(3, 1, "org", new Contact("a@x", new Geo(1, 2)), null));
    Account updated =
        account(3, 1, "org", new Contact("b@y", new Geo(3, 4)), new Contact("w@z", null));
    template.update(updated);
    Account read = template.selectOneById(new AccountKey(3, 1), Account.class);
    assertThat(read.home()).isEqualTo(new Contact("b@y", new Geo(3, 4)));
    assertThat(read.work()).isEqualTo(new Contact("w@z", null));
    // Saving it again through the repository (an update of the same row) clears an embedded object.
    accounts.save(account(3, 1, "org", null, new Contact("w@z", null)));
    assertThat(accounts.findByOrg(3).get(0).home()).isNull();
  }

  @Test
  void should_create_the_schema_the_annotations_declare() {
    CqlSession session = keyspace.session();
    Map<String, String> types = new HashMap<>();
    Map<String, String> kinds = new HashMap<>();
    try (ResultSet rows =
        session.execute(
            "SELECT column_name, type, kind FROM system_schema.columns"
                + " WHERE keyspace_name = ? AND table_name = 'account'",
            keyspace.name())) {
      for (Row row : rows) {
        types.put(row.getString("column_name"), row.getString("type"));
        kinds.put(row.getString("column_name"), row.getString("kind"));
      }
    }
    assertThat(types)
        .containsEntry("last", "frozen<tuple<text, double, frozen<postal>>>")
        .containsEntry("history", "list<frozen<tuple<text, double, frozen<postal>>>>")
        .containsEntry("pair", "frozen<tuple<int, text>>")
        .containsEntry("raw_postal", "frozen<postal>")
        .containsEntry("ref", "uuid")
        .containsEntry("tier", "int")
        .containsEntry("codes", "set<int>")
        .containsEntry("frozen_tags", "frozen<list<text>>")
        .containsEntry("postals", "list<frozen<postal>>")
        .containsEntry("home_email", "text")
        .containsEntry("home_geo_lat", "double")
        .containsEntry("work_geo_lon", "double")
        .doesNotContainKeys("home", "work", "geo");
    assertThat(kinds).containsEntry("org_name", "static").containsEntry("ref", "regular");
    Row table =
        session
            .execute(
                "SELECT comment, default_time_to_live, compaction FROM system_schema.tables"
                    + " WHERE keyspace_name = ? AND table_name = 'account'",
                keyspace.name())
            .one();
    assertThat(table.getString("comment")).isEqualTo("mapping annotations");
    assertThat(table.getObject("default_time_to_live")).isEqualTo(86400);
    assertThat(table.getMap("compaction", String.class, String.class).get("class"))
        .endsWith("LeveledCompactionStrategy");
  }
}
