package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.test.SourceSpecs.text;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * What applications take from a running DataStax session's context and the driver's internals:
 * codecs registered on the session over the registry's own tuple and UDT codecs, the throttler's
 * limits, an internal class named only in Javadoc, the internal future helper (the shapes of the
 * DataStax driver's TuplesMapped, UserDefinedTypesMapped, LimitConcurrencyRequestThrottler and
 * CrossDatacenterFailover examples); every output compiled against Scylla Boot's driver.
 */
class SessionContextMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.driverMigration(spec);
  }

  @Test
  void codecsOverTheRegistrysTupleAndUdtCodecsRegisteredOnTheSession() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.data.TupleValue;
            import com.datastax.oss.driver.api.core.data.UdtValue;
            import com.datastax.oss.driver.api.core.type.DataTypes;
            import com.datastax.oss.driver.api.core.type.TupleType;
            import com.datastax.oss.driver.api.core.type.UserDefinedType;
            import com.datastax.oss.driver.api.core.type.codec.MappingCodec;
            import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
            import com.datastax.oss.driver.api.core.type.codec.registry.MutableCodecRegistry;
            import com.datastax.oss.driver.api.core.type.reflect.GenericType;

            class Codecs {
              record Point(int x, int y) {}

              static class PointAsTuple extends MappingCodec<TupleValue, Point> {
                PointAsTuple(TypeCodec<TupleValue> innerCodec) {
                  super(innerCodec, GenericType.of(Point.class));
                }

                @Override
                public TupleType getCqlType() {
                  return (TupleType) super.getCqlType();
                }

                @Override
                protected Point innerToOuter(TupleValue value) {
                  return value == null ? null : new Point(value.getInt(0), value.getInt(1));
                }

                @Override
                protected TupleValue outerToInner(Point value) {
                  return value == null ? null : getCqlType().newValue().setInt(0, value.x()).setInt(1, value.y());
                }
              }

              static class PointAsUdt extends MappingCodec<UdtValue, Point> {
                PointAsUdt(TypeCodec<UdtValue> innerCodec) {
                  super(innerCodec, GenericType.of(Point.class));
                }

                @Override
                public UserDefinedType getCqlType() {
                  return (UserDefinedType) super.getCqlType();
                }

                @Override
                protected Point innerToOuter(UdtValue value) {
                  return value == null ? null : new Point(value.getInt("x"), value.getInt("y"));
                }

                @Override
                protected UdtValue outerToInner(Point value) {
                  UdtValue udt = getCqlType().newValue();
                  udt.setInt("x", value.x());
                  udt.setToNull("y");
                  return udt;
                }
              }

              void register(CqlSession session) {
                MutableCodecRegistry registry =
                    (MutableCodecRegistry) session.getContext().getCodecRegistry();
                TupleType type = DataTypes.tupleOf(DataTypes.INT, DataTypes.INT);
                TypeCodec<TupleValue> tuples = registry.codecFor(type);
                UserDefinedType pointType =
                    session.getMetadata().getKeyspace("ks")
                        .flatMap(ks -> ks.getUserDefinedType("point"))
                        .orElseThrow(IllegalStateException::new);
                TypeCodec<UdtValue> udts = registry.codecFor(pointType);
                registry.register(new PointAsTuple(tuples));
                registry.register(new PointAsUdt(udts));
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
            import io.scyllaboot.driver.api.type.*;

            class Codecs {
              record Point(int x, int y) {}

              static class PointAsTuple extends MappingCodec<TupleValue, Point> {
                PointAsTuple(TypeCodec<TupleValue> innerCodec) {
                  super(innerCodec, GenericType.of(Point.class));
                }

                @Override
                public DataType.TupleType getCqlType() {
                  return (DataType.TupleType) super.getCqlType();
                }

                @Override
                protected Point innerToOuter(TupleValue value) {
                  return value == null ? null : new Point(value.get(0, Integer.class), value.get(1, Integer.class));
                }

                @Override
                protected TupleValue outerToInner(Point value) {
                  return value == null ? null : getCqlType().newValue().with(0, value.x()).with(1, value.y());
                }
              }

              static class PointAsUdt extends MappingCodec<UdtValue, Point> {
                PointAsUdt(TypeCodec<UdtValue> innerCodec) {
                  super(innerCodec, GenericType.of(Point.class));
                }

                @Override
                public DataType.UserDefinedType getCqlType() {
                  return (DataType.UserDefinedType) super.getCqlType();
                }

                @Override
                protected Point innerToOuter(UdtValue value) {
                  return value == null ? null : new Point(value.get("x", Integer.class), value.get("y", Integer.class));
                }

                @Override
                protected UdtValue outerToInner(Point value) {
                  UdtValue udt = getCqlType().newValue();
                  udt = udt.with("x", value.x());
                  udt = udt.with("y", null);
                  return udt;
                }
              }

              void register(CqlSession session) {
                CodecRegistry registry =
                    (CodecRegistry) session.codecRegistry();
                DataType.TupleType type = DataTypes.tupleOf(DataTypes.INT, DataTypes.INT);
                TypeCodec<TupleValue> tuples = registry.codecFor(type);
                UserTypeMetadata pointType =
                    session.metadata().schema().keyspace("ks")
                        .flatMap(ks -> ks.userType("point"))
                        .orElseThrow(IllegalStateException::new);
                TypeCodec<UdtValue> udts = registry.codecFor(pointType);
                registry.register(new PointAsTuple(tuples));
                registry.register(new PointAsUdt(udts));
              }
            }
            """));
  }

  @Test
  void throttlerLimitsReadFromTheDefaultProfileAndAnImportOnlyJavadocReads() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
            import com.datastax.oss.driver.internal.core.session.throttling.ConcurrencyLimitingRequestThrottler;

            /** Reads the limits of a {@link ConcurrencyLimitingRequestThrottler}. */
            class Limits {
              String describe(CqlSession session) {
                return session.getContext().getConfig().getDefaultProfile()
                        .getInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_CONCURRENT_REQUESTS)
                    + "/"
                    + session
                        .getContext()
                        .getConfig()
                        .getDefaultProfile()
                        .getInt(DefaultDriverOption.REQUEST_THROTTLER_MAX_QUEUE_SIZE);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;

            /** Reads the limits of a {@link ConcurrencyLimitingRequestThrottler}. */
            class Limits {
              String describe(CqlSession session) {
                return session.snapshot().throttler().maxConcurrentRequests()
                    + "/"
                    + session.snapshot().throttler().maxQueueSize();
              }
            }
            """));
  }

  @Test
  void theDriversInternalFailedFutureIsTheJdks() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
            import com.datastax.oss.driver.internal.core.util.concurrent.CompletableFutures;
            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.CompletionStage;

            class Failover {
              CompletionStage<AsyncResultSet> write(CqlSession session, boolean retry) {
                return session
                    .executeAsync("INSERT INTO ks.t (k) VALUES (1)")
                    .handle((rs, error) -> error == null
                        ? CompletableFuture.completedFuture(rs)
                        : retry
                            ? session.executeAsync("INSERT INTO ks.t (k) VALUES (1)")
                            : CompletableFutures.<AsyncResultSet>failedFuture(error))
                    .thenCompose(future -> future);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.AsyncResultSet;

            import java.util.concurrent.CompletableFuture;
            import java.util.concurrent.CompletionStage;

            class Failover {
              CompletionStage<AsyncResultSet> write(CqlSession session, boolean retry) {
                return session
                    .executeAsync("INSERT INTO ks.t (k) VALUES (1)")
                    .handle((rs, error) -> error == null
                        ? CompletableFuture.completedFuture(rs)
                        : retry
                            ? session.executeAsync("INSERT INTO ks.t (k) VALUES (1)")
                            : CompletableFuture.<AsyncResultSet>failedFuture(error))
                    .thenCompose(future -> future);
              }
            }
            """));
  }

  @Test
  void theDriversConfigurationFileSaysScyllaBootDoesNotReadIt() {
    String conf =
        """
        datastax-java-driver {
          basic.load-balancing-policy.local-datacenter = dc1
          advanced.throttler {
            class = ConcurrencyLimitingRequestThrottler
            max-concurrent-requests = 32
          }
        }
        """;
    rewriteRun(
        text(
            conf,
            MarkDriverConfigFile.HEADER + conf,
            spec -> spec.path("src/main/resources/application.conf")),
        text("akka { loglevel = INFO }\n", spec -> spec.path("src/main/resources/other.conf")));
  }

  @Test
  void theReactiveApiKeepsItsNamesAndReadsPlainRows() {
    rewriteRun(
        java(
            """
            import com.datastax.dse.driver.api.core.cql.reactive.ReactiveResultSet;
            import com.datastax.dse.driver.api.core.cql.reactive.ReactiveRow;
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.cql.SimpleStatement;
            import org.reactivestreams.Publisher;

            class Feed {
              Publisher<ReactiveRow> all(CqlSession session) {
                return session.executeReactive(SimpleStatement.newInstance("SELECT id FROM ks.t"));
              }

              ReactiveResultSet some(CqlSession session, int limit) {
                return session.executeReactive("SELECT id FROM ks.t LIMIT ?", limit);
              }

              int id(ReactiveRow row) {
                return row.getInt("id") + row.getColumnDefinitions().size();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.cql.ReactiveResultSet;
            import io.scyllaboot.driver.api.cql.Row;
            import io.scyllaboot.driver.api.cql.SimpleStatement;
            import org.reactivestreams.Publisher;

            class Feed {
              Publisher<Row> all(CqlSession session) {
                return session.executeReactive(SimpleStatement.of("SELECT id FROM ks.t"));
              }

              ReactiveResultSet some(CqlSession session, int limit) {
                return session.executeReactive("SELECT id FROM ks.t LIMIT ?", limit);
              }

              int id(Row row) {
                return row.getInt("id") + row.columnDefinitions().size();
              }
            }
            """));
  }
}
