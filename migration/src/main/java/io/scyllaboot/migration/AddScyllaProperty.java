package io.scyllaboot.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.openrewrite.ExecutionContext;
import org.openrewrite.FindSourceFiles;
import org.openrewrite.Option;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.properties.AddProperty;
import org.openrewrite.yaml.MergeYaml;

/**
 * Sets a {@code scylla.*} key in the application's Spring configuration files ({@code
 * application*.properties}, {@code application*.yml}/{@code .yaml}, main and test alike, since a
 * test's file hides the main one), unless it is set there already.
 */
public final class AddScyllaProperty extends Recipe {

  private static final String PROPERTIES_FILES = "**/application*.properties";
  private static final String YAML_FILES = "**/application*.yml;**/application*.yaml";

  @Option(
      displayName = "Key",
      description = "The scylla.* key.",
      example = "scylla.mapping.naming-strategy")
  private final String key;

  @Option(displayName = "Value", description = "Its value.", example = "as-written-lower-case")
  private final String value;

  @JsonCreator
  public AddScyllaProperty(@JsonProperty("key") String key, @JsonProperty("value") String value) {
    this.key = key;
    this.value = value;
  }

  public String getKey() {
    return key;
  }

  public String getValue() {
    return value;
  }

  @Override
  public String getDisplayName() {
    return "Set a Scylla Boot property";
  }

  @Override
  public String getDescription() {
    return "Adds the key to the application's properties and YAML files unless it is there.";
  }

  @Override
  public List<Recipe> getRecipeList() {
    return List.of(
        new InPropertiesFiles(),
        new MergeYaml("$", yaml(), true, null, YAML_FILES, null, null, true));
  }

  /** The key as nested YAML maps: a.b.c: v becomes a: / b: / c: v. */
  String yaml() {
    String[] parts = key.split("\\.");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      out.append("  ".repeat(i)).append(parts[i]).append(':');
      out.append(i == parts.length - 1 ? " " + value : "\n");
    }
    return out.toString();
  }

  private final class InPropertiesFiles extends Recipe {
    @Override
    public String getDisplayName() {
      return "Set a Scylla Boot property in application properties files";
    }

    @Override
    public String getDescription() {
      return "Adds the key to application*.properties files unless it is there.";
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor() {
      return Preconditions.check(
          new FindSourceFiles(PROPERTIES_FILES),
          new AddProperty(key, value, null, null, false, null, null).getVisitor());
    }
  }
}
