package io.scyllaboot.autoconfigure.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.json.JsonParserFactory;

/**
 * docs/configuration.md lists every property of the configuration metadata this module's build
 * writes. When a property is added or its javadoc changes, this test fails until the page is
 * regenerated with {@link #REGENERATE}.
 */
class ConfigurationReferenceTest {
  static final String REGENERATE =
      "mvn -q test -pl autoconfigure -am -Dtest=ConfigurationReferenceTest"
          + " -Dsurefire.failIfNoSpecifiedTests=false -Ddocs.regenerate=true";

  private static final Path METADATA =
      Path.of("target/classes/META-INF/spring-configuration-metadata.json");

  @Test
  void docs_configuration_lists_every_property_of_the_metadata() throws IOException {
    Path page = projectRoot().resolve("docs/configuration.md");
    String current = Files.readString(page, StandardCharsets.UTF_8);
    String generated =
        ConfigurationReference.splice(
            current, ConfigurationReference.render(metadata(), getClass().getClassLoader()));
    if (Boolean.getBoolean("docs.regenerate") && !current.equals(generated)) {
      Files.writeString(page, generated, StandardCharsets.UTF_8);
      current = Files.readString(page, StandardCharsets.UTF_8);
    }
    assertThat(current)
        .as("docs/configuration.md is stale; regenerate it with: %s", REGENERATE)
        .isEqualTo(generated);
  }

  @Test
  void every_scylla_property_has_a_description() throws IOException {
    List<Map<String, Object>> properties = properties(metadata());
    assertThat(properties).extracting(p -> p.get("name")).contains("scylla.contact-points");
    for (Map<String, Object> property : properties) {
      if (((String) property.get("name")).startsWith("scylla.")) {
        assertThat((String) property.get("description"))
            .as("javadoc of %s (it becomes the IDE's and the manual's text)", property.get("name"))
            .isNotBlank();
      }
    }
  }

  @Test
  void renders_types_defaults_enum_values_and_deprecations() {
    Map<String, Object> metadata =
        Map.of(
            "properties",
            List.of(
                Map.of(
                    "name", "scylla.b",
                    "type", "java.util.List<java.lang.String>",
                    "description", "Nodes | hosts,\n  in order."),
                Map.of(
                    "name", "scylla.a",
                    "type", "io.scyllaboot.driver.api.Compression",
                    "defaultValue", "none",
                    "description", "Compression.",
                    "deprecation", Map.of("replacement", "scylla.c"))));
    String table = ConfigurationReference.render(metadata, getClass().getClassLoader());

    assertThat(table)
        .isEqualTo(
            "| property | type | default | description |\n"
                + "|---|---|---|---|\n"
                + "| `scylla.a` | `Compression`: `none`, `lz4` | `none` |"
                + " Deprecated: use `scylla.c`. Compression. |\n"
                + "| `scylla.b` | `List<String>` | none | Nodes \\| hosts, in order. |\n");
    String page =
        "# Page\n"
            + ConfigurationReference.BEGIN
            + "\nold\n"
            + ConfigurationReference.END
            + "\nafter\n";
    assertThat(ConfigurationReference.splice(page, "new\n"))
        .isEqualTo(
            "# Page\n"
                + ConfigurationReference.BEGIN
                + "\nnew\n"
                + ConfigurationReference.END
                + "\nafter\n");
  }

  private static Map<String, Object> metadata() throws IOException {
    assertThat(METADATA).as("the configuration processor's output (compile first)").exists();
    return JsonParserFactory.getJsonParser()
        .parseMap(Files.readString(METADATA, StandardCharsets.UTF_8));
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> properties(Map<String, Object> metadata) {
    return (List<Map<String, Object>>) metadata.get("properties");
  }

  private static Path projectRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("docs/configuration.md"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "no docs/configuration.md above " + Path.of("").toAbsolutePath());
  }
}
