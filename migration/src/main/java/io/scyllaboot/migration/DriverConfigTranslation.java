package io.scyllaboot.migration;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import io.scyllaboot.migration.DriverOptionCatalog.ValueKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * What a DataStax driver {@code application.conf} ({@code datastax-java-driver { ... }}) says, as
 * Scylla Boot session builder calls: {@code .withLocalDatacenter("dc1").withRequestTimeout(
 * Duration.ofSeconds(5)).withProfile("slow", ExecutionProfile.of().withTimeout(..))}. The options
 * without a counterpart are listed, never dropped silently.
 *
 * @param calls the builder calls, each starting with a dot
 * @param contactPoints the {@code addContactPoint(..)} calls of {@code basic.contact-points} (the
 *     DataStax driver ignores them when the application adds contact points in code)
 * @param imports the classes the calls name
 * @param untranslated the options (paths under {@code datastax-java-driver}) left out
 */
record DriverConfigTranslation(
    String calls, String contactPoints, Set<String> imports, List<String> untranslated) {
  private static final String OURS = "io.scyllaboot.driver.api.";

  private record Target(String method, ValueKind kind) {}

  /** The session's options, by path (the paths of DataStax's DefaultDriverOption: checked). */
  static final Map<String, Target> SESSION =
      DriverOptionCatalog.table(
          DriverOptionCatalog.Option::path,
          false,
          option -> new Target(option.sessionMethod(), option.kind()));

  /** A profile's options, as {@code ExecutionProfile}'s withers. */
  static final Map<String, Target> PROFILE =
      DriverOptionCatalog.table(
          DriverOptionCatalog.Option::path,
          true,
          option -> new Target(option.profileMethod(), option.kind()));

  /** Options that change nothing Scylla Boot does (a warning about USE, which it refuses). */
  private static final Set<String> NOTHING_TO_DO = Set.of("advanced.request.warn-if-set-keyspace");

  private static final String CLOUD_BUNDLE = "basic.cloud.secure-connect-bundle";
  private static final String THROTTLER = "advanced.throttler.";
  private static final String AUTH = "advanced.auth-provider.";

  /**
   * The translation of a configuration file's text, or null when it has no {@code
   * datastax-java-driver} block or is not valid HOCON.
   */
  static @Nullable DriverConfigTranslation of(String text) {
    Config driver;
    try {
      Config root = ConfigFactory.parseString(text).resolve();
      if (!root.hasPath("datastax-java-driver")) {
        return null;
      }
      driver = root.getConfig("datastax-java-driver");
    } catch (ConfigException e) {
      return null;
    }
    try {
      return translate(driver);
    } catch (ConfigException e) {
      return null; // a value of an unexpected type: the file keeps the plain mark
    }
  }

  private static DriverConfigTranslation translate(Config driver) {
    StringBuilder calls = new StringBuilder();
    StringBuilder contactPoints = new StringBuilder();
    Set<String> imports = new TreeSet<>();
    List<String> untranslated = new ArrayList<>();
    Map<String, Map<String, ConfigValue>> profiles = new TreeMap<>();
    Map<String, ConfigValue> options = new TreeMap<>();
    for (Map.Entry<String, ConfigValue> entry : driver.entrySet()) {
      options.put(entry.getKey(), entry.getValue());
    }
    for (Map.Entry<String, ConfigValue> entry : options.entrySet()) {
      String path = entry.getKey();
      List<String> parts = ConfigUtil.splitPath(path); // a quoted key may hold dots
      if (parts.size() > 2 && parts.get(0).equals("profiles")) {
        String rest = ConfigUtil.joinPath(parts.subList(2, parts.size()));
        profiles.computeIfAbsent(parts.get(1), n -> new TreeMap<>()).put(rest, entry.getValue());
      } else if (path.equals("basic.contact-points")) {
        if (!contactPoints(driver, contactPoints, imports)) {
          untranslated.add(path);
        }
      } else if (path.equals(CLOUD_BUNDLE)) {
        String bundle = cloudBundle(driver.getString(path), imports);
        if (bundle == null) {
          untranslated.add(path);
        } else {
          calls.append(".withCloudSecureConnectBundle(").append(bundle).append(')');
        }
      } else if (SESSION.containsKey(path)) {
        String value = value(SESSION.get(path).kind(), driver, path, imports);
        if (value == null) {
          untranslated.add(path);
        } else {
          calls
              .append('.')
              .append(SESSION.get(path).method())
              .append('(')
              .append(value)
              .append(')');
        }
      } else if (!path.startsWith(THROTTLER)
          && !path.startsWith(AUTH)
          && !NOTHING_TO_DO.contains(path)) {
        untranslated.add(path);
      }
    }
    throttler(driver, calls, untranslated);
    authentication(driver, calls, untranslated);
    for (Map.Entry<String, Map<String, ConfigValue>> profile : profiles.entrySet()) {
      StringBuilder withers = new StringBuilder();
      Config own = driver.getConfig(ConfigUtil.joinPath("profiles", profile.getKey()));
      for (String path : profile.getValue().keySet()) {
        Target target = PROFILE.get(path);
        String value = target == null ? null : value(target.kind(), own, path, imports);
        if (value == null) {
          untranslated.add("profiles." + profile.getKey() + "." + path);
        } else {
          withers.append('.').append(target.method()).append('(').append(value).append(')');
        }
      }
      imports.add(OURS + "ExecutionProfile");
      calls
          .append(".withProfile(")
          .append(literal(profile.getKey()))
          .append(", ExecutionProfile.of()")
          .append(withers)
          .append(')');
    }
    return new DriverConfigTranslation(
        calls.toString(), contactPoints.toString(), imports, List.copyOf(untranslated));
  }

  /**
   * A secure connect bundle's location as the DataStax driver reads it: a URL, else a file path. A
   * path or {@code file:} URL becomes a {@code Path}; another URL, whose {@code toURL()} throws a
   * checked exception, is left to the application.
   */
  private static @Nullable String cloudBundle(String location, Set<String> imports) {
    boolean url = location.matches("[A-Za-z][A-Za-z0-9+.-]+:.*"); // not a Windows drive letter
    if (url && !location.startsWith("file:")) {
      return null;
    }
    imports.add("java.nio.file.Path");
    if (url && location.startsWith("file:/")) {
      imports.add("java.net.URI");
      return "Path.of(URI.create(" + literal(location) + "))";
    }
    if (url) {
      // An opaque file: URL (file:bundle.zip), which URL accepts and Path.of(URI) refuses: a
      // path relative to the working directory.
      return "Path.of(" + literal(location.substring("file:".length())) + ")";
    }
    return "Path.of(" + literal(location) + ")";
  }

  /** Whether nothing was read: no call to add and nothing to report. */
  boolean isEmpty() {
    return calls.isEmpty() && contactPoints.isEmpty() && untranslated.isEmpty();
  }

  private static boolean contactPoints(Config driver, StringBuilder code, Set<String> imports) {
    List<String> points;
    try {
      points = driver.getStringList("basic.contact-points");
    } catch (ConfigException e) {
      return false;
    }
    StringBuilder calls = new StringBuilder();
    for (String point : points) {
      int colon = point.lastIndexOf(':');
      if (colon <= 0 || !point.substring(colon + 1).matches("\\d{1,5}")) {
        return false;
      }
      calls
          .append(".addContactPoint(new InetSocketAddress(")
          .append(literal(point.substring(0, colon)))
          .append(", ")
          .append(point.substring(colon + 1))
          .append("))");
    }
    imports.add("java.net.InetSocketAddress");
    code.append(calls);
    return true;
  }

  /** The concurrency-limiting throttler is {@code withThrottling(max, queue)}; no other. */
  private static void throttler(Config driver, StringBuilder calls, List<String> untranslated) {
    if (!driver.hasPath(THROTTLER + "class")) {
      driver.entrySet().stream()
          .map(Map.Entry::getKey)
          .filter(path -> path.startsWith(THROTTLER))
          .forEach(untranslated::add);
      return;
    }
    String type = simpleName(driver.getString(THROTTLER + "class"));
    if (type.equals("PassThroughRequestThrottler")) {
      return;
    }
    if (type.equals("ConcurrencyLimitingRequestThrottler")
        && driver.hasPath(THROTTLER + "max-concurrent-requests")
        && driver.hasPath(THROTTLER + "max-queue-size")) {
      calls
          .append(".withThrottling(")
          .append(driver.getInt(THROTTLER + "max-concurrent-requests"))
          .append(", ")
          .append(driver.getInt(THROTTLER + "max-queue-size"))
          .append(')');
      return;
    }
    untranslated.add(THROTTLER + "class = " + type);
  }

  /** The plain-text provider's user name and password are {@code withAuthCredentials(u, p)}. */
  private static void authentication(
      Config driver, StringBuilder calls, List<String> untranslated) {
    if (!driver.hasPath(AUTH + "class")) {
      driver.entrySet().stream()
          .map(Map.Entry::getKey)
          .filter(path -> path.startsWith(AUTH))
          .forEach(untranslated::add);
      return;
    }
    String type = simpleName(driver.getString(AUTH + "class"));
    if (type.equals("PlainTextAuthProvider")
        && driver.hasPath(AUTH + "username")
        && driver.hasPath(AUTH + "password")) {
      calls
          .append(".withAuthCredentials(")
          .append(literal(driver.getString(AUTH + "username")))
          .append(", ")
          .append(literal(driver.getString(AUTH + "password")))
          .append(')');
      return;
    }
    untranslated.add(AUTH + "class = " + type);
  }

  /** The Java expression of an option's value, or null when it has none here. */
  private static @Nullable String value(
      ValueKind kind, Config config, String path, Set<String> imports) {
    try {
      switch (kind) {
        case DURATION -> {
          imports.add("java.time.Duration");
          long nanos = config.getDuration(path).toNanos();
          if (nanos % 1_000_000_000L == 0) {
            return "Duration.ofSeconds(" + nanos / 1_000_000_000L + ")";
          }
          return nanos % 1_000_000 == 0
              ? "Duration.ofMillis(" + nanos / 1_000_000 + ")"
              : "Duration.ofNanos(" + nanos + ")";
        }
        case INT -> {
          return Integer.toString(config.getInt(path));
        }
        case BOOLEAN -> {
          return Boolean.toString(config.getBoolean(path));
        }
        case STRING -> {
          return literal(config.getString(path));
        }
        case CONSISTENCY -> {
          String level = config.getString(path).toUpperCase(Locale.ROOT);
          if (!level.matches("[A-Z_]+")) {
            return null;
          }
          imports.add(OURS + "ConsistencyLevel");
          return "ConsistencyLevel." + level;
        }
        case COMPRESSION -> {
          String name = config.getString(path).toUpperCase(Locale.ROOT);
          if (!Set.of("LZ4", "NONE").contains(name)) {
            return null;
          }
          imports.add(OURS + "Compression");
          return "Compression." + name;
        }
        case PROTOCOL -> {
          String version = config.getString(path).toUpperCase(Locale.ROOT);
          if (!Set.of("V4", "V5").contains(version)) {
            return null;
          }
          imports.add(OURS + "ProtocolVersion");
          return "ProtocolVersion." + version;
        }
        default -> {
          return null; // a list (the refreshed keyspaces): left to the application, listed
        }
      }
    } catch (ConfigException | IllegalArgumentException e) {
      return null;
    }
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  /** A Java string literal. */
  static String literal(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        default -> out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
