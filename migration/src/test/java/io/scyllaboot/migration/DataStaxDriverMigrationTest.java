package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The DataStax driver 4.x API's calls, as the Apache driver's examples and applications use them.
 */
class DataStaxDriverMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.driverMigration(spec);
  }

  @Test
  void simpleStatementFactoryAndSettersBecomeOfAndWithers() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.ConsistencyLevel;
            import com.datastax.oss.driver.api.core.cql.SimpleStatement;
            import java.time.Duration;

            class Queries {
              SimpleStatement byId(int id) {
                return SimpleStatement.newInstance("SELECT * FROM t WHERE id = ?", id)
                    .setPageSize(100)
                    .setConsistencyLevel(ConsistencyLevel.QUORUM)
                    .setIdempotent(true)
                    .setTimeout(Duration.ofSeconds(2))
                    .setTracing(true);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.cql.SimpleStatement;

            import java.time.Duration;

            class Queries {
              SimpleStatement byId(int id) {
                return SimpleStatement.of("SELECT * FROM t WHERE id = ?", id)
                    .withPageSize(100)
                    .withConsistency(ConsistencyLevel.QUORUM)
                    .withIdempotent(true)
                    .withTimeout(Duration.ofSeconds(2))
                    .withTracing(true);
              }
            }
            """));
  }

  @Test
  void bindSettersByIndexAndByNameBecomeOneBindCall() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.cql.BoundStatement;
            import com.datastax.oss.driver.api.core.cql.PreparedStatement;

            class Binding {
              BoundStatement byIndex(PreparedStatement ps) {
                return ps.bind().setString(1, "x").setInt(0, 2);
              }

              BoundStatement byName(PreparedStatement ps) {
                return ps.bind().setInt("k", 2).setString("c", "x").setPageSize(10);
              }

              BoundStatement built(PreparedStatement ps) {
                return ps.boundStatementBuilder().setInt(0, 2).build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.cql.BoundStatement;
            import io.scyllaboot.driver.api.cql.PreparedStatement;

            import java.util.Map;

            class Binding {
              BoundStatement byIndex(PreparedStatement ps) {
                return ps.bind(2, "x");
              }

              BoundStatement byName(PreparedStatement ps) {
                return ps.bind(Map.of("k", 2, "c", "x")).withPageSize(10);
              }

              BoundStatement built(PreparedStatement ps) {
                return ps.bind(2);
              }
            }
            """));
  }

  @Test
  void simpleStatementBuilderChainBecomesOf() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.cql.SimpleStatement;

            class Queries {
              SimpleStatement paged(int id) {
                return SimpleStatement.builder("SELECT * FROM t WHERE id = ?")
                    .addPositionalValue(id)
                    .setPageSize(10)
                    .setIdempotence(true)
                    .build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.cql.SimpleStatement;

            class Queries {
              SimpleStatement paged(int id) {
                return SimpleStatement.of("SELECT * FROM t WHERE id = ?", id)
                    .withPageSize(10)
                    .withIdempotent(true);
              }
            }
            """));
  }

  @Test
  void typedGettersBecomeGetWithTheirClass() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.cql.ResultSet;
            import com.datastax.oss.driver.api.core.cql.Row;
            import com.datastax.oss.driver.api.core.data.TupleValue;
            import java.nio.ByteBuffer;
            import java.time.LocalDate;

            class Reading {
              String read(ResultSet rs) {
                Row row = rs.one();
                TupleValue t = row.getTupleValue("c");
                LocalDate day = row.getLocalDate(1);
                ByteBuffer data = row.getByteBuffer("data");
                int x = t.getInt(0);
                return day + " " + x + data + rs.getExecutionInfo().getWarnings()
                    + rs.getColumnDefinitions().size();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.cql.ResultSet;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.type.TupleValue;

            import java.nio.ByteBuffer;
            import java.time.LocalDate;

            class Reading {
              String read(ResultSet rs) {
                Row row = rs.one();
                TupleValue t = row.get("c", TupleValue.class);
                LocalDate day = row.get(1, LocalDate.class);
                ByteBuffer data = row.getBytes("data");
                int x = t.get(0, Integer.class);
                return day + " " + x + data + rs.executionInfo().warnings()
                    + rs.columnDefinitions().size();
              }
            }
            """));
  }

  @Test
  void metadataLookUpsGoThroughClusterMetadata() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.metadata.Metadata;
            import com.datastax.oss.driver.api.core.metadata.Node;
            import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
            import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;

            class Topology {
              void print(CqlSession session) {
                Metadata metadata = session.getMetadata();
                System.out.println(session.getName());
                for (Node node : metadata.getNodes().values()) {
                  System.out.println(node.getDatacenter() + node.getRack() + node.getEndPoint());
                }
                for (KeyspaceMetadata keyspace : metadata.getKeyspaces().values()) {
                  for (TableMetadata table : keyspace.getTables().values()) {
                    System.out.println(keyspace.getName() + "." + table.getName());
                  }
                }
                System.out.println(metadata.getKeyspace("ks").isPresent());
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.metadata.ClusterMetadata;
            import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
            import io.scyllaboot.driver.api.metadata.Node;
            import io.scyllaboot.driver.api.metadata.TableMetadata;

            class Topology {
              void print(CqlSession session) {
                ClusterMetadata metadata = session.metadata();
                System.out.println(session.name());
                for (Node node : metadata.nodes()) {
                  System.out.println(node.datacenter() + node.rack() + node.address());
                }
                for (KeyspaceMetadata keyspace : metadata.schema().keyspaces().values()) {
                  for (TableMetadata table : keyspace.tables().values()) {
                    System.out.println(keyspace.name() + "." + table.name());
                  }
                }
                System.out.println(metadata.schema().keyspace("ks").isPresent());
              }
            }
            """));
  }

  @Test
  void tableMetadataKeysAndColumnsKeepTheirShape() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import java.util.ArrayList;
            import java.util.List;

            class Keys {
              List<String> partitionKey(CqlSession session, String keyspace, String table) {
                List<String> names = new ArrayList<>();
                // The metadata template's own indentation (cosmetic).
                session
                    .getMetadata()
                    .getKeyspace(keyspace)
                    .flatMap(k -> k.getTable(table))
                    .ifPresent(t -> t.getPartitionKey().forEach(c -> names.add(c.getName().asInternal())));
                return names;
              }

              boolean hasColumn(CqlSession session, String column) {
                return session.getMetadata().getKeyspace("ks").flatMap(k -> k.getTable("t"))
                    .flatMap(t -> t.getColumn(column)).isPresent();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;

            import java.util.ArrayList;
            import java.util.List;

            class Keys {
              List<String> partitionKey(CqlSession session, String keyspace, String table) {
                List<String> names = new ArrayList<>();
                // The metadata template's own indentation (cosmetic).
                session
                            .metadata().schema().keyspace(keyspace)
                    .flatMap(k -> k.table(table))
                    .ifPresent(t -> t.partitionKey().forEach(c -> names.add(c.name())));
                return names;
              }

              boolean hasColumn(CqlSession session, String column) {
                return session.metadata().schema().keyspace("ks").flatMap(k -> k.table("t"))
                    .flatMap(t -> t.column(column)).isPresent();
              }
            }
            """));
  }

  @Test
  void nodeHostIdIsRenamedNotMarked() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.metadata.Node;
            import java.util.ArrayList;
            import java.util.List;
            import java.util.UUID;

            class Hosts {
              List<UUID> hostIds(CqlSession session) {
                List<UUID> ids = new ArrayList<>();
                for (Node node : session.getMetadata().getNodes().values()) {
                  ids.add(node.getHostId());
                }
                return ids;
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.metadata.Node;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.UUID;

            class Hosts {
              List<UUID> hostIds(CqlSession session) {
                List<UUID> ids = new ArrayList<>();
                for (Node node : session.metadata().nodes()) {
                  ids.add(node.hostId());
                }
                return ids;
              }
            }
            """));
  }

  @Test
  void batchesExceptionsAndRandomUuids() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.DriverTimeoutException;
            import com.datastax.oss.driver.api.core.cql.BatchStatement;
            import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
            import com.datastax.oss.driver.api.core.cql.SimpleStatement;
            import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
            import com.datastax.oss.driver.api.core.uuid.Uuids;
            import java.util.UUID;

            class Writes {
              UUID write(CqlSession session, SimpleStatement a, SimpleStatement b) {
                BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.LOGGED, a).addAll(b);
                try {
                  session.execute(batch);
                } catch (InvalidQueryException | DriverTimeoutException e) {
                  throw e;
                }
                return Uuids.random();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.BatchStatement;
            import io.scyllaboot.driver.api.cql.BatchStatement.BatchType;
            import io.scyllaboot.driver.api.cql.SimpleStatement;
            import io.scyllaboot.driver.api.error.DriverTimeoutException;
            import io.scyllaboot.driver.api.error.InvalidQueryException;

            import java.util.UUID;

            class Writes {
              UUID write(CqlSession session, SimpleStatement a, SimpleStatement b) {
                BatchStatement batch = BatchStatement.of(BatchType.LOGGED, a).add(b);
                try {
                  session.execute(batch);
                } catch (InvalidQueryException | DriverTimeoutException e) {
                  throw e;
                }
                return UUID.randomUUID();
              }
            }
            """));
  }

  @Test
  void marksWhatHasNoCounterpart() {
    rewriteRun(
        CompiledAfter.doesNotCompile(
            "the marked Uuids and getKeyspace() have no counterpart",
            "com.datastax.oss.driver.api.core.uuid",
            "Uuids",
            "getKeyspace()"),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.BoundStatement;
            import com.datastax.oss.driver.api.core.uuid.Uuids;
            import java.util.UUID;

            class Unported {
              UUID use(CqlSession session, BoundStatement bound) {
                System.out.println(session.getKeyspace());
                bound = bound.setInt(0, 1);
                return Uuids.timeBased();
              }
            }
            """,
            """
            /*~~(Scylla Boot: no counterpart of Uuids (java.util.UUID.randomUUID() for random ids; a time-based id is made by the server: write now() in the CQL text; see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/import com.datastax.oss.driver.api.core.uuid.Uuids;
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.BoundStatement;

            import java.util.UUID;

            class Unported {
              UUID use(CqlSession session, BoundStatement bound) {
                System.out.println(/*~~(Scylla Boot: no counterpart of getKeyspace(..) (keep the keyspace given to CqlSession.builder().withKeyspace(..) in your code; see the Scylla Boot manual, Coming from the DataStax driver API))~~>*/session.getKeyspace());
                bound = bound.set(0, 1);
                return /*~~(Scylla Boot: no counterpart of Uuids (java.util.UUID.randomUUID() for random ids; a time-based id is made by the server: write now() in the CQL text; see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/Uuids.timeBased();
              }
            }
            """));
  }

  @Test
  void optionsOfAProgrammaticConfigLoaderMoveOntoTheSessionBuilder() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
            import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
            import java.time.Duration;

            class Sessions {
              CqlSession open(String consistency) {
                return CqlSession.builder()
                    .withConfigLoader(
                        DriverConfigLoader.programmaticBuilder()
                            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(5))
                            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "LOCAL_QUORUM")
                            .withString(DefaultDriverOption.REQUEST_SERIAL_CONSISTENCY, consistency)
                            .withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 500)
                            .withString(DefaultDriverOption.PROTOCOL_COMPRESSION, "lz4")
                            .build())
                    .build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.Compression;
            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.CqlSession;

            import java.time.Duration;

            class Sessions {
              CqlSession open(String consistency) {
                return CqlSession.builder()
                    .withRequestTimeout(Duration.ofSeconds(5))
                    .withConsistency(ConsistencyLevel.LOCAL_QUORUM)
                    .withSerialConsistency(ConsistencyLevel.valueOf(consistency))
                    .withPageSize(500)
                    .withCompression(Compression.LZ4)
                    .build();
              }
            }
            """));
  }
}
