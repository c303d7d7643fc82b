package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The DataStax driver recipe alone (as {@code scripts/driver-api-proving-ground.sh} runs it) on the
 * shapes of the Apache driver's own {@code examples} module: query builder chains built into
 * statements and prepared, JSON inserts and selects, the session builder's constructor and the
 * server errors' details.
 */
class DriverExamplesMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.driverMigration(spec);
  }

  @Test
  void builtQueryBuilderChainIsPreparedAsItsText() {
    rewriteRun(
        java(
            """
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;

            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import java.util.UUID;

            class Inserts {
              void insert(CqlSession session, UUID id) {
                PreparedStatement pst =
                    session.prepare(
                        insertInto("examples", "tbl_sample_kv")
                            .value("id", bindMarker("id"))
                            .value("value", bindMarker("value"))
                            .build());
                session.execute(pst.bind().setUuid("id", id).setInt("value", 1));
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.PreparedStatement;

            import java.util.Map;
            import java.util.UUID;

            class Inserts {
              void insert(CqlSession session, UUID id) {
                PreparedStatement pst =
                    session.prepare(
                        "INSERT INTO examples.tbl_sample_kv (id,value) VALUES (:id,:value)");
                session.execute(pst.bind(Map.of("id", id, "value", 1)));
              }
            }
            """));
  }

  @Test
  void builtChainsBecomeSimpleStatementsOfTheirText() {
    rewriteRun(
        java(
            """
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.bindMarker;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.function;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.literal;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.core.cql.Statement;
            import com.datastax.oss.driver.api.querybuilder.select.Selector;

            class Json {
              void insert(CqlSession session) {
                Statement stmt =
                    insertInto("examples", "querybuilder_json")
                        .json("{ \\"id\\": 1, \\"name\\": \\"Mouse\\" }")
                        .build();
                session.execute(stmt);
                PreparedStatement pst =
                    session.prepare(
                        insertInto("examples", "querybuilder_json").json(bindMarker("payload")).build());
                stmt =
                    insertInto("examples", "querybuilder_json")
                        .value("id", literal(3))
                        .value("specs", function("fromJson", literal("{ \\"size\\": \\"24-inch\\" }")))
                        .build();
                session.execute(stmt);
              }

              String select(CqlSession session) {
                Statement stmt =
                    selectFrom("examples", "querybuilder_json")
                        .json()
                        .all()
                        .whereColumn("id")
                        .isEqualTo(literal(1))
                        .build();
                Row row = session.execute(stmt).one();
                stmt =
                    selectFrom("examples", "querybuilder_json")
                        .json()
                        .all()
                        .whereColumn("id")
                        .in(literal(1), literal(2))
                        .whereColumn("name")
                        .isGreaterThanOrEqualTo(bindMarker())
                        .build();
                session.execute(stmt);
                stmt =
                    selectFrom("examples", "querybuilder_json")
                        .column("id")
                        .function("toJson", Selector.column("specs"))
                        .as("json_specs")
                        .whereColumn("id")
                        .isEqualTo(literal(2))
                        .build();
                return row.getString("[json]") + session.execute(stmt).one().getString("json_specs");
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.PreparedStatement;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.cql.SimpleStatement;
            import io.scyllaboot.driver.api.cql.Statement;

            class Json {
              void insert(CqlSession session) {
                Statement stmt =
                    SimpleStatement.of("INSERT INTO examples.querybuilder_json JSON '{ \\"id\\": 1, \\"name\\": \\"Mouse\\" }'");
                session.execute(stmt);
                PreparedStatement pst =
                    session.prepare(
                        "INSERT INTO examples.querybuilder_json JSON :payload");
                stmt =
                    SimpleStatement.of("INSERT INTO examples.querybuilder_json (id,specs) VALUES (3,fromJson('{ \\"size\\": \\"24-inch\\" }'))");
                session.execute(stmt);
              }

              String select(CqlSession session) {
                Statement stmt =
                    SimpleStatement.of("SELECT JSON * FROM examples.querybuilder_json WHERE id=1");
                Row row = session.execute(stmt).one();
                stmt =
                    SimpleStatement.of("SELECT JSON * FROM examples.querybuilder_json WHERE id IN (1,2) AND name>=?");
                session.execute(stmt);
                stmt =
                    SimpleStatement.of("SELECT id,toJson(specs) AS json_specs FROM examples.querybuilder_json WHERE id=2");
                return row.getString("[json]") + session.execute(stmt).one().getString("json_specs");
              }
            }
            """));
  }

  @Test
  void sessionBuilderConstructorBecomesTheFactory() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.CqlSessionBuilder;

            class Main {
              void run() {
                try (CqlSession session = new CqlSessionBuilder().build()) {
                  session.execute("SELECT release_version FROM system.local");
                }
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;

            class Main {
              void run() {
                try (CqlSession session = CqlSession.builder().build()) {
                  session.execute("SELECT release_version FROM system.local");
                }
              }
            }
            """));
  }

  @Test
  void serverErrorDetailsKeepTheirMeaning() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.ConsistencyLevel;
            import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
            import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
            import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
            import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;

            class Downgrade {
              int replicas(RuntimeException e) {
                if (e instanceof UnavailableException) {
                  UnavailableException unavailable = (UnavailableException) e;
                  ConsistencyLevel level = unavailable.getConsistencyLevel();
                  return unavailable.getAlive() + unavailable.getRequired() + level.hashCode();
                }
                if (e instanceof ReadTimeoutException) {
                  ReadTimeoutException readTimeout = (ReadTimeoutException) e;
                  return readTimeout.wasDataPresent() ? readTimeout.getReceived() : readTimeout.getBlockFor();
                }
                if (e instanceof WriteTimeoutException) {
                  return ((WriteTimeoutException) e).getReceived();
                }
                return ((QueryConsistencyException) e).getBlockFor();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.error.QueryConsistencyException;
            import io.scyllaboot.driver.api.error.ReadTimeoutException;
            import io.scyllaboot.driver.api.error.UnavailableException;
            import io.scyllaboot.driver.api.error.WriteTimeoutException;

            class Downgrade {
              int replicas(RuntimeException e) {
                if (e instanceof UnavailableException) {
                  UnavailableException unavailable = (UnavailableException) e;
                  ConsistencyLevel level = unavailable.consistency();
                  return unavailable.alive() + unavailable.required() + level.hashCode();
                }
                if (e instanceof ReadTimeoutException) {
                  ReadTimeoutException readTimeout = (ReadTimeoutException) e;
                  return readTimeout.dataPresent() ? readTimeout.received() : readTimeout.blockFor();
                }
                if (e instanceof WriteTimeoutException) {
                  return ((WriteTimeoutException) e).received();
                }
                return ((QueryConsistencyException) e).blockFor();
              }
            }
            """));
  }

  @Test
  void tupleAndUdtValuesFromTheirTypes() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.data.TupleValue;
            import com.datastax.oss.driver.api.core.data.UdtValue;
            import com.datastax.oss.driver.api.core.type.DataTypes;
            import com.datastax.oss.driver.api.core.type.TupleType;
            import com.datastax.oss.driver.api.core.type.UserDefinedType;

            class Values {
              TupleValue tuple() {
                // the tuple's metadata
                TupleType coordinatesType = DataTypes.tupleOf(DataTypes.INT, DataTypes.INT);
                return coordinatesType.newValue(12, 34);
              }

              UdtValue udt(CqlSession session) {
                UserDefinedType coordinatesType =
                    session
                        .getMetadata()
                        .getKeyspace("examples")
                        .flatMap(ks -> ks.getUserDefinedType("coordinates"))
                        .orElseThrow(IllegalStateException::new);
                return coordinatesType.newValue(12, 34);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
            import io.scyllaboot.driver.api.type.DataType;
            import io.scyllaboot.driver.api.type.DataTypes;
            import io.scyllaboot.driver.api.type.TupleValue;
            import io.scyllaboot.driver.api.type.UdtValue;

            class Values {
              TupleValue tuple() {
                // the tuple's metadata
                DataType.TupleType coordinatesType = DataTypes.tupleOf(DataTypes.INT, DataTypes.INT);
                return coordinatesType.newValue(12, 34);
              }

              UdtValue udt(CqlSession session) {
                UserTypeMetadata coordinatesType =
                    session
                                .metadata().schema().keyspace("examples")
                        .flatMap(ks -> ks.userType("coordinates"))
                        .orElseThrow(IllegalStateException::new);
                return coordinatesType.newValue(12, 34);
              }
            }
            """));
  }

  @Test
  void valuesSetOneByOneOnAVariableOrABuilder() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.BoundStatement;
            import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import com.datastax.oss.driver.api.core.cql.ResultSet;
            import com.datastax.oss.driver.api.core.data.ByteUtils;
            import com.datastax.oss.protocol.internal.util.Bytes;
            import java.nio.ByteBuffer;
            import java.util.List;
            import java.util.UUID;

            class Blobs {
              void insert(CqlSession session, PreparedStatement prepared, ByteBuffer buffer) {
                byte[] array = ByteUtils.getArray(ByteUtils.fromHexString("0xff"));
                String hex = Bytes.toHexString(array);
                BoundStatement boundStatement = prepared.bind();
                boundStatement = boundStatement.setInt("k", 1);
                boundStatement = boundStatement.setByteBuffer("b", buffer);
                boundStatement = boundStatement.set("tags", List.of("a"), List.class);
                boundStatement = boundStatement.setToNull("c").unset("d");
                session.execute(boundStatement);
              }

              ResultSet page(CqlSession session, PreparedStatement videosByUser, UUID userid, int size) {
                BoundStatementBuilder statementBuilder =
                    videosByUser.boundStatementBuilder(userid).setPageSize(size);
                statementBuilder.setInt("limit", 10);
                return session.execute(statementBuilder.build());
              }

              int rowsOfThisPage(ResultSet rs) {
                return rs.isFullyFetched() ? -1 : rs.getAvailableWithoutFetching();
              }

              void fill(BoundStatementBuilder builder) {
                builder.setInt("k", 1);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.BoundStatement;
            import io.scyllaboot.driver.api.cql.PreparedStatement;
            import io.scyllaboot.driver.api.cql.ResultSet;
            import io.scyllaboot.driver.api.cql.Unset;
            import io.scyllaboot.driver.api.type.ByteUtils;

            import java.nio.ByteBuffer;
            import java.util.List;
            import java.util.UUID;

            class Blobs {
              void insert(CqlSession session, PreparedStatement prepared, ByteBuffer buffer) {
                byte[] array = ByteUtils.getArray(ByteUtils.fromHexString("0xff"));
                String hex = ByteUtils.toHexString(array);
                BoundStatement boundStatement = prepared.bind();
                boundStatement = boundStatement.set("k", 1);
                boundStatement = boundStatement.set("b", buffer);
                boundStatement = boundStatement.set("tags", List.of("a"));
                boundStatement = boundStatement.set("c", null).set("d", Unset.VALUE);
                session.execute(boundStatement);
              }

              ResultSet page(CqlSession session, PreparedStatement videosByUser, UUID userid, int size) {
                BoundStatement statementBuilder =
                    videosByUser.bind(userid).withPageSize(size);
                statementBuilder = statementBuilder.set("limit", 10);
                return session.execute(statementBuilder);
              }

              int rowsOfThisPage(ResultSet rs) {
                return rs.isFullyFetched() ? -1 : rs.availableWithoutFetching();
              }

              void fill(BoundStatement builder) {
                /*~~(Scylla Boot: a statement builder mutated in place; Scylla Boot's statements are immutable: keep the statement set(..) returns (return it to the caller, or assign it); see the Scylla Boot manual, Coming from the DataStax driver API)~~>*/builder.set("k", 1);
              }
            }
            """));
  }

  @Test
  void mappingCodecsKeepTheirShapeAndRegistration() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs;
            import com.datastax.oss.driver.api.core.type.codec.MappingCodec;
            import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
            import com.datastax.oss.driver.api.core.type.reflect.GenericType;

            class Codecs {
              public static class CqlIntToStringCodec extends MappingCodec<Integer, String> {

                public CqlIntToStringCodec() {
                  super(TypeCodecs.INT, GenericType.STRING);
                }

                @Override
                protected String innerToOuter(Integer value) {
                  return value == null ? null : value.toString();
                }

                @Override
                protected Integer outerToInner(String value) {
                  return value == null ? null : Integer.parseInt(value);
                }
              }

              public enum WeekDay {
                MONDAY,
                SATURDAY
              }

              CqlSession open() {
                return CqlSession.builder()
                    .addTypeCodecs(new CqlIntToStringCodec(), ExtraTypeCodecs.enumNamesOf(WeekDay.class))
                    .build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.type.MappingCodec;

            class Codecs {
              public static class CqlIntToStringCodec extends MappingCodec<Integer, String> {

                public CqlIntToStringCodec() {
                  super(Integer.class, String.class);
                }

                @Override
                protected String innerToOuter(Integer value) {
                  return value == null ? null : value.toString();
                }

                @Override
                protected Integer outerToInner(String value) {
                  return value == null ? null : Integer.parseInt(value);
                }
              }

              public enum WeekDay {
                MONDAY,
                SATURDAY
              }

              CqlSession open() {
                return CqlSession.builder()
                    .addTypeCodecs(new CqlIntToStringCodec(), MappingCodec.enumNamesOf(WeekDay.class))
                    .build();
              }
            }
            """));
  }

  @Test
  void extraCodecsAndGenericTypesKeepTheirNamesWithElementClasses() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSessionBuilder;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs;
            import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
            import com.datastax.oss.driver.api.core.type.reflect.GenericType;
            import java.net.InetAddress;
            import java.util.List;
            import java.util.Optional;

            class Codecs {
              static final GenericType<Optional<InetAddress>> OPTIONAL_OF_INET =
                  GenericType.optionalOf(InetAddress.class);

              CqlSessionBuilder register(CqlSessionBuilder builder) {
                return builder.addTypeCodecs(
                    ExtraTypeCodecs.BLOB_TO_ARRAY,
                    ExtraTypeCodecs.ZONED_TIMESTAMP_PERSISTED,
                    ExtraTypeCodecs.listToArrayOf(TypeCodecs.TEXT),
                    ExtraTypeCodecs.optionalOf(TypeCodecs.INET));
              }

              Optional<InetAddress> ip(Row row) {
                return row.get("ip", OPTIONAL_OF_INET);
              }

              List<String> tags(Row row) {
                return row.get("tags", GenericType.listOf(String.class));
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSessionBuilder;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.type.ExtraTypeCodecs;
            import io.scyllaboot.driver.api.type.GenericType;

            import java.net.InetAddress;
            import java.util.List;
            import java.util.Optional;

            class Codecs {
              static final GenericType<Optional<InetAddress>> OPTIONAL_OF_INET =
                  GenericType.optionalOf(InetAddress.class);

              CqlSessionBuilder register(CqlSessionBuilder builder) {
                return builder.addTypeCodecs(
                    ExtraTypeCodecs.BLOB_TO_ARRAY,
                    ExtraTypeCodecs.ZONED_TIMESTAMP_PERSISTED,
                    ExtraTypeCodecs.listToArrayOf(String.class),
                    ExtraTypeCodecs.optionalOf(InetAddress.class));
              }

              Optional<InetAddress> ip(Row row) {
                return row.get("ip", OPTIONAL_OF_INET);
              }

              List<String> tags(Row row) {
                return row.get("tags", GenericType.listOf(String.class));
              }
            }
            """));
  }

  @Test
  void jsonCodecsAndRunTimeLiteralsBecomeBoundValues() {
    rewriteRun(
        java(
            """
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.literal;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.selectFrom;

            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.core.cql.Statement;
            import com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs;
            import com.datastax.oss.driver.api.core.type.codec.TypeCodec;

            class JsonColumn {
              public static class User {
                public String name;
              }

              private static final TypeCodec<User> USER_CODEC = ExtraTypeCodecs.json(User.class);

              CqlSession open() {
                return CqlSession.builder().addTypeCodecs(USER_CODEC).build();
              }

              User insertAndRead(CqlSession session, User alice) {
                Statement stmt =
                    insertInto("examples", "json_jackson_column")
                        .value("id", literal(1))
                        .value("json", literal(alice, session.getContext().getCodecRegistry()))
                        .build();
                session.execute(stmt);
                session.execute(
                    insertInto("examples", "json_jackson_row")
                        .json(alice, session.getContext().getCodecRegistry())
                        .build());
                Statement select =
                    selectFrom("examples", "json_jackson_row").json().all()
                        .whereColumn("id").in(literal(1), literal(2))
                        .build();
                Row row = session.execute(select).one();
                return row.get(0, User.class);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.cql.SimpleStatement;
            import io.scyllaboot.driver.api.cql.Statement;
            import io.scyllaboot.driver.api.type.ExtraTypeCodecs;
            import io.scyllaboot.driver.api.type.MappingCodec;

            class JsonColumn {
              public static class User {
                public String name;
              }

              private static final MappingCodec<?, User> USER_CODEC = ExtraTypeCodecs.json(User.class);

              CqlSession open() {
                return CqlSession.builder().addTypeCodecs(USER_CODEC).build();
              }

              User insertAndRead(CqlSession session, User alice) {
                Statement stmt =
                    SimpleStatement.of("INSERT INTO examples.json_jackson_column (id,json) VALUES (1,?)", alice);
                session.execute(stmt);
                session.execute(
                    SimpleStatement.of("INSERT INTO examples.json_jackson_row JSON ?", alice));
                Statement select =
                    SimpleStatement.of("SELECT JSON * FROM examples.json_jackson_row WHERE id IN (1,2)");
                Row row = session.execute(select).one();
                return row.get(0, User.class);
              }
            }
            """));
  }

  @Test
  void aRetryPolicySwitchesOnWriteTypesAndReadsEveryNodesErrors() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.AllNodesFailedException;
            import com.datastax.oss.driver.api.core.DriverException;
            import com.datastax.oss.driver.api.core.data.TupleValue;
            import com.datastax.oss.driver.api.core.servererrors.DefaultWriteType;
            import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
            import java.util.List;

            class Downgrading {
              boolean retry(DriverException e) {
                DefaultWriteType writeType = (DefaultWriteType) ((WriteTimeoutException) e).getWriteType();
                switch (writeType) {
                  case SIMPLE:
                  case BATCH:
                    return true;
                  case UNLOGGED_BATCH:
                  default:
                    return false;
                }
              }

              Throwable first(AllNodesFailedException e) {
                for (List<Throwable> errors : e.getAllErrors().values()) {
                  for (Throwable error : errors) {
                    return error;
                  }
                }
                return e;
              }

              String show(TupleValue value) {
                return value.getFormattedContents();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.error.AllNodesFailedException;
            import io.scyllaboot.driver.api.error.DriverException;
            import io.scyllaboot.driver.api.error.WriteTimeoutException;
            import io.scyllaboot.driver.api.error.WriteType;
            import io.scyllaboot.driver.api.type.TupleValue;

            import java.util.List;

            class Downgrading {
              boolean retry(DriverException e) {
                WriteType writeType = (WriteType) WriteType.of(((WriteTimeoutException) e).writeType());
                switch (writeType) {
                  case SIMPLE:
                  case BATCH:
                    return true;
                  case UNLOGGED_BATCH:
                  default:
                    return false;
                }
              }

              Throwable first(AllNodesFailedException e) {
                for (List<Throwable> errors : e.allErrors().values()) {
                  for (Throwable error : errors) {
                    return error;
                  }
                }
                return e;
              }

              String show(TupleValue value) {
                return value.formattedContents();
              }
            }
            """));
  }

  @Test
  void forwardPagingKeepsTheRawPagingStateAndDropsBuiltInCodecs() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import com.datastax.oss.driver.api.core.cql.ResultSet;
            import com.datastax.oss.driver.internal.core.type.codec.DateCodec;
            import com.datastax.oss.protocol.internal.util.Bytes;

            class Paging {
              CqlSession open() {
                return CqlSession.builder().addTypeCodecs(new DateCodec()).build();
              }

              String page(CqlSession session, PreparedStatement videosByUser, int userid, String page) {
                BoundStatementBuilder statementBuilder =
                    videosByUser.boundStatementBuilder(userid).setPageSize(10);
                if (page != null) {
                  statementBuilder.setPagingState(Bytes.fromHexString(page));
                }
                ResultSet rs = session.execute(statementBuilder.build());
                return Bytes.toHexString(rs.getExecutionInfo().getPagingState());
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.BoundStatement;
            import io.scyllaboot.driver.api.cql.PreparedStatement;
            import io.scyllaboot.driver.api.cql.ResultSet;
            import io.scyllaboot.driver.api.type.ByteUtils;

            class Paging {
              CqlSession open() {
                return CqlSession.builder().build();
              }

              String page(CqlSession session, PreparedStatement videosByUser, int userid, String page) {
                BoundStatement statementBuilder =
                    videosByUser.bind(userid).withPageSize(10);
                if (page != null) {
                  statementBuilder = statementBuilder.withRawPagingState(ByteUtils.fromHexString(page));
                }
                ResultSet rs = session.execute(statementBuilder);
                return ByteUtils.toHexString(rs.executionInfo().rawPagingState());
              }
            }
            """));
  }

  @Test
  void randomPagingKeepsItsOffsetPager() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.core.cql.Statement;
            import com.datastax.oss.driver.api.core.paging.OffsetPager;
            import com.datastax.oss.driver.api.core.paging.OffsetPager.Page;
            import java.util.ArrayList;
            import java.util.List;

            class RandomPaging {
              private final OffsetPager pager = new OffsetPager(10);

              List<Integer> page(CqlSession session, Statement<?> statement, int requested) {
                Page<Row> page = pager.getPage(session.execute(statement), requested);
                List<Integer> ids = new ArrayList<>(page.getElements().size());
                for (Row row : page.getElements()) {
                  ids.add(row.getInt("id"));
                }
                ids.add(page.isLast() ? -1 : page.getPageNumber());
                return ids;
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.OffsetPager;
            import io.scyllaboot.driver.api.cql.OffsetPager.Page;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.cql.Statement;

            import java.util.ArrayList;
            import java.util.List;

            class RandomPaging {
              private final OffsetPager pager = new OffsetPager(10);

              List<Integer> page(CqlSession session, Statement<?> statement, int requested) {
                Page<Row> page = pager.page(session.execute(statement), requested);
                List<Integer> ids = new ArrayList<>(page.elements().size());
                for (Row row : page.elements()) {
                  ids.add(row.getInt("id"));
                }
                ids.add(page.isLast() ? -1 : page.pageNumber());
                return ids;
              }
            }
            """));
  }

  @Test
  void aFileWithManyDriverImportsGetsTheStatementsImportToo() {
    rewriteRun(
        java(
            """
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.insertInto;
            import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.literal;

            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.BoundStatement;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import com.datastax.oss.driver.api.core.cql.ResultSet;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.core.cql.Statement;

            class Folded {
              Row insert(CqlSession session, String name) {
                Statement stmt =
                    insertInto("ks", "t").value("id", literal(1)).value("name", literal(name)).build();
                ResultSet rs = session.execute(stmt);
                PreparedStatement select = session.prepare("SELECT * FROM ks.t WHERE id = ?");
                BoundStatement bound = select.bind(1);
                return session.execute(bound).one();
              }
            }
            """,
            spec ->
                spec.after(
                    after -> {
                      org.assertj.core.api.Assertions.assertThat(after)
                          .doesNotContain("com.datastax")
                          .containsPattern(
                              "import io\\.scyllaboot\\.driver\\.api\\.cql\\.(\\*|SimpleStatement);")
                          .contains(
                              "SimpleStatement.of(\"INSERT INTO ks.t (id,name) VALUES (1,?)\", name)");
                      return after;
                    })));
  }

  @Test
  void aCodecWrittenByteByByteKeepsItsShapeAndRegistration() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.ProtocolVersion;
            import com.datastax.oss.driver.api.core.type.DataType;
            import com.datastax.oss.driver.api.core.type.DataTypes;
            import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
            import com.datastax.oss.driver.api.core.type.reflect.GenericType;
            import com.datastax.oss.driver.internal.core.util.Strings;
            import com.datastax.oss.protocol.internal.util.Bytes;
            import java.nio.ByteBuffer;
            import java.nio.charset.StandardCharsets;

            public class PointCodec implements TypeCodec<PointCodec.Point> {
              public record Point(int x, int y) {}

              @Override
              public GenericType<Point> getJavaType() {
                return GenericType.of(Point.class);
              }

              @Override
              public DataType getCqlType() {
                return DataTypes.TEXT;
              }

              @Override
              public ByteBuffer encode(Point value, ProtocolVersion protocolVersion) {
                return value == null
                    ? null
                    : ByteBuffer.wrap((value.x() + "," + value.y()).getBytes(StandardCharsets.UTF_8));
              }

              @Override
              public Point decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
                return bytes == null ? null : parseText(new String(Bytes.getArray(bytes), StandardCharsets.UTF_8));
              }

              @Override
              public String format(Point value) {
                return value == null ? "NULL" : Strings.quote(value.x() + "," + value.y());
              }

              @Override
              public Point parse(String value) {
                return Strings.isQuoted(value) ? parseText(Strings.unquote(value)) : null;
              }

              private static Point parseText(String text) {
                String[] parts = text.split(",");
                return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.ProtocolVersion;
            import io.scyllaboot.driver.api.type.*;

            import java.nio.ByteBuffer;
            import java.nio.charset.StandardCharsets;

            public class PointCodec implements TypeCodec<PointCodec.Point> {
              public record Point(int x, int y) {}

              @Override
              public GenericType<Point> getJavaType() {
                return GenericType.of(Point.class);
              }

              @Override
              public DataType getCqlType() {
                return DataTypes.TEXT;
              }

              @Override
              public ByteBuffer encode(Point value, ProtocolVersion protocolVersion) {
                return value == null
                    ? null
                    : ByteBuffer.wrap((value.x() + "," + value.y()).getBytes(StandardCharsets.UTF_8));
              }

              @Override
              public Point decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
                return bytes == null ? null : parseText(new String(ByteUtils.getArray(bytes), StandardCharsets.UTF_8));
              }

              @Override
              public String format(Point value) {
                return value == null ? "NULL" : CqlStrings.quote(value.x() + "," + value.y());
              }

              @Override
              public Point parse(String value) {
                return CqlStrings.isQuoted(value) ? parseText(CqlStrings.unquote(value)) : null;
              }

              private static Point parseText(String text) {
                String[] parts = text.split(",");
                return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
              }
            }
            """),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;
            import com.datastax.oss.driver.api.core.cql.Row;

            class Points {
              PointCodec.Point roundTrip(PointCodec.Point point) {
                try (CqlSession session = CqlSession.builder().addTypeCodecs(new PointCodec()).build()) {
                  PreparedStatement insert = session.prepare("INSERT INTO ks.points (k, p) VALUES (?, ?)");
                  session.execute(insert.bind().setInt(0, 1).set(1, point, PointCodec.Point.class));
                  Row row = session.execute("SELECT p FROM ks.points WHERE k = 1").one();
                  return row.get("p", PointCodec.Point.class);
                }
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.PreparedStatement;
            import io.scyllaboot.driver.api.cql.Row;

            class Points {
              PointCodec.Point roundTrip(PointCodec.Point point) {
                try (CqlSession session = CqlSession.builder().addTypeCodecs(new PointCodec()).build()) {
                  PreparedStatement insert = session.prepare("INSERT INTO ks.points (k, p) VALUES (?, ?)");
                  session.execute(insert.bind(1, point));
                  Row row = session.execute("SELECT p FROM ks.points WHERE k = 1").one();
                  return row.get("p", PointCodec.Point.class);
                }
              }
            }
            """));
  }

  @Test
  void aSecureConnectBundleKeepsItsCall() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.ResultSet;
            import com.datastax.oss.driver.api.core.cql.Row;
            import java.nio.file.Paths;

            class Astra {
              String version() {
                try (CqlSession session =
                    CqlSession.builder()
                        .withCloudSecureConnectBundle(Paths.get("/path/to/secure-connect.zip"))
                        .withAuthCredentials("user_name", "password")
                        .build()) {
                  ResultSet rs = session.execute("select release_version from system.local");
                  Row row = rs.one();
                  return row.getString("release_version");
                }
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.ResultSet;
            import io.scyllaboot.driver.api.cql.Row;

            import java.nio.file.Paths;

            class Astra {
              String version() {
                try (CqlSession session =
                    CqlSession.builder()
                        .withCloudSecureConnectBundle(Paths.get("/path/to/secure-connect.zip"))
                        .withAuthCredentials("user_name", "password")
                        .build()) {
                  ResultSet rs = session.execute("select release_version from system.local");
                  Row row = rs.one();
                  return row.getString("release_version");
                }
              }
            }
            """));
  }
}
