package io.scyllaboot.autoconfigure;

import io.scyllaboot.autoconfigure.ScyllaProperties.SpringCassandraKeysMode;
import io.scyllaboot.autoconfigure.SpringCassandraKeys.Counterpart;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.ConfigurationPropertyState;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;

/**
 * Checks the application's keys before any bean is created: a {@code spring.cassandra.*} key that
 * no {@code scylla.*} key replaces would be silently ignored (fails start-up, unless {@code
 * scylla.spring-cassandra-keys} is warn or ignore), and a {@code scylla.*} key spelled as Spring
 * Boot's ({@code scylla.keyspace-name}) names nothing (always fails). A {@code spring.cassandra.*}
 * key set in a source of higher precedence than its counterpart (an environment variable, the
 * command line or {@code @DynamicPropertySource} over {@code application.properties}) is reported
 * too: Spring's order says it wins, so reading the counterpart instead would silently use the value
 * it was meant to override. {@link PropertyKeysFailureAnalyzer} prints the key to use.
 */
final class PropertyKeysCheck implements BeanFactoryPostProcessor {
  private static final Log logger = LogFactory.getLog(PropertyKeysCheck.class);
  static final String MODE_KEY = "scylla.spring-cassandra-keys";

  private final Environment environment;

  PropertyKeysCheck(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    check(environment);
  }

  /**
   * One key to change: the key found, where it was set, what to use, and the counterpart it
   * overrides (empty when it does not).
   */
  record Finding(
      String key, String origin, Counterpart counterpart, boolean misspelled, String overrides) {
    Finding(String key, String origin, Counterpart counterpart, boolean misspelled) {
      this(key, origin, counterpart, misspelled, "");
    }

    String describe() {
      String use =
          counterpart.key() == null
              ? "it has no counterpart (" + counterpart.note() + "): remove it"
              : "set '"
                  + counterpart.key()
                  + "'"
                  + (counterpart.note().isEmpty() ? "" : " (" + counterpart.note() + ")");
      return "'"
          + key
          + "'"
          + (origin.isEmpty() ? "" : " (from " + origin + ")")
          + (misspelled
              ? " is Spring Boot's name, not a Scylla Boot property: "
              : overrides.isEmpty()
                  ? " is not read by Scylla Boot: "
                  : " overrides "
                      + overrides
                      + " in Spring's property source order but is not read by Scylla Boot: ")
          + use
          + (overrides.isEmpty() ? "" : " in its place");
    }
  }

  static void check(Environment environment) {
    Iterable<ConfigurationPropertySource> sources = ConfigurationPropertySources.get(environment);
    Set<ConfigurationPropertyName> names = new LinkedHashSet<>();
    for (ConfigurationPropertySource source : sources) {
      if (source instanceof IterableConfigurationPropertySource iterable) {
        iterable.stream().forEach(names::add);
      }
    }
    List<Finding> old = new ArrayList<>();
    List<Finding> misspelled = new ArrayList<>();
    Set<String> reported = new LinkedHashSet<>();
    for (ConfigurationPropertyName name : names) {
      for (Map.Entry<String, Counterpart> entry : SpringCassandraKeys.all().entrySet()) {
        String springKey = entry.getKey();
        Counterpart counterpart = entry.getValue();
        if (covers(springKey, name)) {
          int counterpartAt =
              counterpart.key() == null ? -1 : firstSource(sources, counterpart.key());
          if (counterpartAt < 0 && reported.add(springKey)) {
            old.add(new Finding(springKey, origin(sources, name), counterpart, false));
          } else if (counterpartAt > firstSource(sources, springKey) && reported.add(springKey)) {
            // Set above its counterpart: Spring's order makes it the value the application means.
            String overridden =
                "'"
                    + counterpart.key()
                    + "'"
                    + " (from "
                    + sourceName(sources, counterpartAt, counterpart.key())
                    + ")";
            old.add(new Finding(springKey, origin(sources, name), counterpart, false, overridden));
          }
        }
        String lookalike =
            "scylla." + springKey.replaceFirst("^spring\\.(data\\.)?cassandra\\.", "");
        if (!lookalike.equals(counterpart.key())
            && covers(lookalike, name)
            && reported.add(lookalike)) {
          misspelled.add(new Finding(lookalike, origin(sources, name), counterpart, true));
        }
      }
    }
    SpringCassandraKeysMode mode =
        Binder.get(environment)
            .bind(MODE_KEY, SpringCassandraKeysMode.class)
            .orElse(SpringCassandraKeysMode.FAIL);
    if (!old.isEmpty() && mode == SpringCassandraKeysMode.WARN) {
      for (Finding finding : old) {
        logger.warn(finding.describe());
      }
    }
    List<Finding> failures = new ArrayList<>(misspelled);
    if (mode == SpringCassandraKeysMode.FAIL) {
      failures.addAll(old);
    }
    if (!failures.isEmpty()) {
      throw new PropertyKeysException(failures);
    }
  }

  private static boolean covers(String key, ConfigurationPropertyName name) {
    ConfigurationPropertyName parsed = ConfigurationPropertyName.of(key);
    return parsed.equals(name) || parsed.isAncestorOf(name);
  }

  /**
   * The position, in precedence order, of the first source that sets the key (or keys under it), or
   * -1.
   */
  private static int firstSource(Iterable<ConfigurationPropertySource> sources, String key) {
    ConfigurationPropertyName name = ConfigurationPropertyName.of(key);
    int at = 0;
    for (ConfigurationPropertySource source : sources) {
      if (sets(source, name)) {
        return at;
      }
      at++;
    }
    return -1;
  }

  private static boolean sets(ConfigurationPropertySource source, ConfigurationPropertyName name) {
    return source.getConfigurationProperty(name) != null
        || source.containsDescendantOf(name) == ConfigurationPropertyState.PRESENT;
  }

  // Where the source at a position sets the key: its origin, else the property source's name.
  private static String sourceName(
      Iterable<ConfigurationPropertySource> sources, int at, String key) {
    ConfigurationPropertyName name = ConfigurationPropertyName.of(key);
    int i = 0;
    for (ConfigurationPropertySource source : sources) {
      if (i++ == at) {
        ConfigurationProperty property = source.getConfigurationProperty(name);
        if (property != null && property.getOrigin() != null) {
          return property.getOrigin().toString();
        }
        return source.getUnderlyingSource() instanceof PropertySource<?> propertySource
            ? propertySource.getName()
            : String.valueOf(source.getUnderlyingSource());
      }
    }
    return "";
  }

  private static String origin(
      Iterable<ConfigurationPropertySource> sources, ConfigurationPropertyName name) {
    for (ConfigurationPropertySource source : sources) {
      ConfigurationProperty property = source.getConfigurationProperty(name);
      if (property != null && property.getOrigin() != null) {
        return property.getOrigin().toString();
      }
    }
    return "";
  }
}
