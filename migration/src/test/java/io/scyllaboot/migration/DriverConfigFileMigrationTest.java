package io.scyllaboot.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.test.SourceSpecs.text;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The DataStax driver's {@code application.conf}, which it read by itself, becomes calls on the
 * builders that read it (the Apache driver examples' file: contact point, data center, throttler,
 * the {@code slow} profile); every output compiled against Scylla Boot's driver.
 */
class DriverConfigFileMigrationTest implements RewriteTest {
  private static final String CONF =
      """
      datastax-java-driver {
        basic.contact-points = ["10.0.0.1:9042", "10.0.0.2:9043"]
        basic {
          load-balancing-policy {
            local-datacenter = datacenter1
          }
          request.timeout = 5 seconds
          request.consistency = LOCAL_QUORUM
        }
        advanced.throttler {
          class = ConcurrencyLimitingRequestThrottler
          max-concurrent-requests = 32
          max-queue-size = 10000
        }
        advanced.auth-provider {
          class = PlainTextAuthProvider
          username = app
          password = "s3cr\\"et"
        }
        advanced.request.warn-if-set-keyspace = false
        advanced.ssl-engine-factory.class = DefaultSslEngineFactory
        profiles {
          slow {
            basic.request.timeout = 10 seconds
            basic.request.page-size = 2
          }
        }
      }
      """;

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.driverMigration(spec);
  }

  @Test
  void aBundleLocationIsReadAsTheDataStaxDriverReadsIt() {
    assertThat(bundleCall("/opt/astra/db.zip"))
        .isEqualTo(".withCloudSecureConnectBundle(Path.of(\"/opt/astra/db.zip\"))");
    assertThat(bundleCall("file:/opt/astra/db.zip"))
        .isEqualTo(
            ".withCloudSecureConnectBundle(Path.of(URI.create(\"file:/opt/astra/db.zip\")))");
    assertThat(bundleCall("file:db.zip"))
        .as("an opaque file: URL, which Path.of(URI) would refuse at run time")
        .isEqualTo(".withCloudSecureConnectBundle(Path.of(\"db.zip\"))");
    DriverConfigTranslation remote =
        DriverConfigTranslation.of(
            "datastax-java-driver.basic.cloud.secure-connect-bundle = \"https://host/db.zip\"");
    assertThat(remote.calls()).isEmpty();
    assertThat(remote.untranslated()).containsExactly("basic.cloud.secure-connect-bundle");
  }

  private static String bundleCall(String location) {
    return DriverConfigTranslation.of(
            "datastax-java-driver.basic.cloud.secure-connect-bundle = \"" + location + "\"")
        .calls();
  }

  @Test
  void theFilesSecureConnectBundleBecomesTheBuildersCall() {
    String conf =
        """
        datastax-java-driver {
          basic.cloud.secure-connect-bundle = "/opt/astra/secure-connect-db.zip"
          basic.request.timeout = 5 seconds
        }
        """;
    rewriteRun(
        text(
            conf,
            """
            # Scylla Boot: its driver does not read this file. The migration recipe set these options on
            # each CqlSession.builder() of the application (one it could not follow is marked).
            """
                + conf,
            spec -> spec.path("src/main/resources/application.conf")),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;

            class Connect {
              CqlSession astra() {
                return CqlSession.builder().withAuthCredentials("token", "secret").build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.CqlSession;

            import java.nio.file.Path;
            import java.time.Duration;

            class Connect {
              CqlSession astra() {
                return CqlSession.builder().withCloudSecureConnectBundle(Path.of("/opt/astra/secure-connect-db.zip")).withRequestTimeout(Duration.ofSeconds(5)).withAuthCredentials("token", "secret").build();
              }
            }
            """));
  }

  @Test
  void theFilesOptionsGoOnEveryBuilderThatReadIt() {
    rewriteRun(
        text(
            CONF,
            """
            # Scylla Boot: its driver does not read this file. The migration recipe set these options on
            # each CqlSession.builder() of the application (one it could not follow is marked).
            # Not translated, set them on the builder yourself (see the Scylla Boot manual, Coming from
            # the DataStax driver API):
            #   advanced.ssl-engine-factory.class
            """
                + CONF,
            spec -> spec.path("src/main/resources/application.conf")),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import java.net.InetSocketAddress;

            class Connect {
              CqlSession fromTheFile() {
                return CqlSession.builder().build();
              }

              CqlSession ownContactPoint() {
                return CqlSession.builder()
                    .addContactPoint(new InetSocketAddress("127.0.0.1", 9042))
                    .withLocalDatacenter("dc9")
                    .build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.ExecutionProfile;

            import java.net.InetSocketAddress;
            import java.time.Duration;

            class Connect {
              CqlSession fromTheFile() {
                return CqlSession.builder().addContactPoint(new InetSocketAddress("10.0.0.1", 9042)).addContactPoint(new InetSocketAddress("10.0.0.2", 9043)).withLocalDatacenter("datacenter1").withConsistency(ConsistencyLevel.LOCAL_QUORUM).withRequestTimeout(Duration.ofSeconds(5)).withThrottling(32, 10000).withAuthCredentials("app", "s3cr\\"et").withProfile("slow", ExecutionProfile.of().withPageSize(2).withTimeout(Duration.ofSeconds(10))).build();
              }

              CqlSession ownContactPoint() {
                return CqlSession.builder().withLocalDatacenter("datacenter1").withConsistency(ConsistencyLevel.LOCAL_QUORUM).withRequestTimeout(Duration.ofSeconds(5)).withThrottling(32, 10000).withAuthCredentials("app", "s3cr\\"et").withProfile("slow", ExecutionProfile.of().withPageSize(2).withTimeout(Duration.ofSeconds(10)))
                    .addContactPoint(new InetSocketAddress("127.0.0.1", 9042))
                    .withLocalDatacenter("dc9")
                    .build();
              }
            }
            """));
  }

  @Test
  void aBuilderGivenItsOwnLoaderDidNotReadTheFile() {
    rewriteRun(
        spec ->
            CompiledAfter.doesNotCompile(
                    "a loader of another file has no counterpart",
                    "com.datastax.oss.driver.api.core.config",
                    "DriverConfigLoader")
                .accept(spec),
        text(
            CONF,
            MarkDriverConfigFile.HEADER + CONF,
            spec -> spec.path("src/main/resources/application.conf")),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.config.DriverConfigLoader;

            class Connect {
              CqlSession session() {
                return CqlSession.builder()
                    .withConfigLoader(DriverConfigLoader.fromClasspath("other"))
                    .build();
              }
            }
            """,
            spec ->
                spec.after(
                    after -> {
                      assertThat(after).doesNotContain("withThrottling").contains("fromClasspath");
                      return after;
                    })));
  }

  @Test
  void everyTranslatedPathIsAnOptionOfTheDataStaxDriver() {
    Set<String> paths =
        Arrays.stream(DefaultDriverOption.values())
            .map(DefaultDriverOption::getPath)
            .collect(Collectors.toSet());
    assertThat(paths)
        .containsAll(DriverConfigTranslation.SESSION.keySet())
        .containsAll(DriverConfigTranslation.PROFILE.keySet());
  }

  @Test
  void everyCatalogueEntryNamesAnOptionByItsOwnPath() {
    for (DriverOptionCatalog.Option option : DriverOptionCatalog.OPTIONS) {
      assertThat(DefaultDriverOption.valueOf(option.name()).getPath())
          .as(option.name())
          .isEqualTo(option.path());
    }
  }

  @Test
  void aProfileNamedWithADotAndADurationBelowAMillisecondTranslate() {
    DriverConfigTranslation translation =
        DriverConfigTranslation.of(
            """
            datastax-java-driver {
              advanced.heartbeat.interval = 500 microseconds
              profiles { "olap.slow" { basic.request.timeout = 3 seconds } }
            }
            """);
    assertThat(translation).isNotNull();
    assertThat(translation.calls())
        .isEqualTo(
            ".withHeartbeatInterval(Duration.ofNanos(500000))"
                + ".withProfile(\"olap.slow\", ExecutionProfile.of().withTimeout(Duration.ofSeconds(3)))");
    assertThat(translation.untranslated()).isEmpty();
  }

  @Test
  void eachModuleGetsItsOwnFileAndABuilderHeldInAVariableIsMarked() {
    rewriteRun(
        spec -> {
          CompiledAfter.doesNotCompile(
                  "this recipe alone: the DataStax types stay",
                  "com.datastax.oss.driver.api.core",
                  "CqlSession",
                  "CqlSessionBuilder")
              .accept(spec);
          spec.recipe(new DriverConfigFileToSessionBuilder());
        },
        text(
            "datastax-java-driver { basic.request.page-size = 11 }\n",
            "# Scylla Boot: its driver does not read this file. The migration recipe set these options on\n"
                + "# each CqlSession.builder() of the application (one it could not follow is marked).\n"
                + "datastax-java-driver { basic.request.page-size = 11 }\n",
            spec -> spec.path("orders/src/main/resources/application.conf")),
        text(
            "datastax-java-driver { basic.contact-points = [\"10.0.0.9:9042\"] }\n",
            "# Scylla Boot: its driver does not read this file. The migration recipe set these options on\n"
                + "# each CqlSession.builder() of the application (one it could not follow is marked).\n"
                + "datastax-java-driver { basic.contact-points = [\"10.0.0.9:9042\"] }\n",
            spec -> spec.path("billing/src/main/resources/application.conf")),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;

            class Orders {
              CqlSession session() {
                return CqlSession.builder().build();
              }
            }
            """,
            """
            import com.datastax.oss.driver.api.core.CqlSession;

            class Orders {
              CqlSession session() {
                return CqlSession.builder().withPageSize(11).build();
              }
            }
            """,
            spec -> spec.path("orders/src/main/java/Orders.java")),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.CqlSessionBuilder;

            class Billing {
              CqlSession session() {
                CqlSessionBuilder builder = CqlSession.builder();
                return builder.build();
              }
            }
            """,
            spec ->
                spec.path("billing/src/main/java/Billing.java")
                    .after(
                        after -> {
                          assertThat(after)
                              .contains("/*~~(Scylla Boot: application.conf's options")
                              .doesNotContain("10.0.0.9");
                          return after;
                        })));
  }
}
