package io.scyllaboot.autoconfigure.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.RequestProperties;
import io.scyllaboot.autoconfigure.ScyllaProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.json.JsonParserFactory;

/**
 * The configuration metadata the build writes (what an IDE completes): the health flag, value hints
 * of the enumerated settings, defaults, and Spring's key names marked as errors with their
 * replacement.
 */
class ConfigurationMetadataTest {
  private static final Path METADATA =
      Path.of("target/classes/META-INF/spring-configuration-metadata.json");

  private static Map<String, Object> metadata() throws IOException {
    return JsonParserFactory.getJsonParser()
        .parseMap(Files.readString(METADATA, StandardCharsets.UTF_8));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> entry(String group, String name) throws IOException {
    return ((List<Map<String, Object>>) metadata().get(group))
        .stream()
            .filter(item -> name.equals(item.get("name")))
            .findFirst()
            .orElseThrow(() -> new AssertionError(name + " is not in the metadata's " + group));
  }

  @SuppressWarnings("unchecked")
  private static List<Object> hintValues(String name) throws IOException {
    return ((List<Map<String, Object>>) entry("hints", name).get("values"))
        .stream().map(value -> value.get("value")).toList();
  }

  @Test
  void should_describe_the_health_flag_with_its_default() throws IOException {
    Map<String, Object> health = entry("properties", "management.health.scylla.enabled");
    assertThat(health)
        .containsEntry("type", "java.lang.Boolean")
        .containsEntry("defaultValue", true);
  }

  @Test
  void should_hint_the_values_of_the_enumerated_settings() throws IOException {
    assertThat(hintValues("scylla.request.consistency"))
        .contains("local-one", "local-quorum", "quorum", "all")
        .doesNotContain("serial", "local-serial");
    assertThat(hintValues("scylla.request.serial-consistency"))
        .containsExactly("serial", "local-serial");
    assertThat(hintValues("scylla.protocol-version")).containsExactlyInAnyOrder("V4", "V5");
    assertThat(hintValues("scylla.compression")).containsExactly("none", "lz4");
    assertThat(hintValues("scylla.schema-action"))
        .containsExactly("none", "create-if-not-exists", "recreate", "recreate-drop-unused");
    assertThat(hintValues("scylla.mapping.naming-strategy"))
        .containsExactly("snake-case", "as-written-lower-case");
  }

  @Test
  void should_give_defaults_of_the_properties_classes() throws IOException {
    assertThat(entry("properties", "scylla.schema-action")).containsEntry("defaultValue", "none");
    assertThat(entry("properties", "scylla.request.consistency"))
        .containsEntry("defaultValue", "local-one");
    assertThat(entry("properties", "scylla.port")).containsEntry("defaultValue", 9042);
  }

  /**
   * The request options a profile shares get their defaults in a constructor, which the build
   * cannot read, so the additional metadata lists them: bound, they must be what an unset property
   * holds.
   */
  @Test
  void should_list_the_request_defaults_that_an_unset_property_holds() throws IOException {
    Map<String, Object> defaults = new LinkedHashMap<>();
    for (String key :
        List.of(
            "timeout",
            "consistency",
            "serial-consistency",
            "page-size",
            "idempotent",
            "retry-policy")) {
      Object value = entry("properties", "scylla.request." + key).get("defaultValue");
      assertThat(value).as("default of scylla.request." + key).isNotNull();
      defaults.put("scylla.request." + key, String.valueOf(value));
    }
    RequestProperties bound =
        new Binder(new MapConfigurationPropertySource(defaults))
            .bind("scylla", ScyllaProperties.class)
            .get()
            .getRequest();
    assertThat(bound).usingRecursiveComparison().isEqualTo(new RequestProperties());
  }

  @Test
  @SuppressWarnings("unchecked")
  void should_mark_spring_names_as_errors_that_name_the_scylla_key() throws IOException {
    Map<String, Object> deprecation =
        (Map<String, Object>) entry("properties", "scylla.keyspace-name").get("deprecation");
    assertThat(deprecation)
        .containsEntry("level", "error")
        .containsEntry("replacement", "scylla.keyspace");
    for (String key :
        List.of(
            "scylla.controlconnection.timeout",
            "scylla.pool.idle-timeout",
            "scylla.request.throttler.type")) {
      assertThat(entry("properties", key)).containsKey("deprecation");
    }
  }
}
