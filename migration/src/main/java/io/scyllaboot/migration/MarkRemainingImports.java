package io.scyllaboot.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Option;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.marker.SearchResult;

/**
 * The last step of the migration: an import of Spring Data Cassandra, Boot's Cassandra modules or
 * the DataStax driver that no translation or precise mark reached is marked too, so that nothing
 * the recipe leaves behind fails to compile unmarked. Types the recipe knows are translated or
 * marked before this runs; what is left here is what it does not know (an internal type of those
 * libraries, a type added after this recipe was written).
 */
public final class MarkRemainingImports extends Recipe {

  @Option(
      displayName = "Package prefixes",
      description = "Imports under these packages are marked when nothing translated them.",
      example = "org.springframework.data.cassandra.")
  private final List<String> packagePrefixes;

  @JsonCreator
  public MarkRemainingImports(@JsonProperty("packagePrefixes") List<String> packagePrefixes) {
    this.packagePrefixes = List.copyOf(packagePrefixes);
  }

  public List<String> getPackagePrefixes() {
    return packagePrefixes;
  }

  @Override
  public String getDisplayName() {
    return "Mark the imports no translation reached";
  }

  @Override
  public String getDescription() {
    return "Adds a search-result comment to each remaining import of the libraries migrated from.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new JavaIsoVisitor<>() {
      @Override
      public J.Import visitImport(J.Import anImport, ExecutionContext ctx) {
        J.Import visited = super.visitImport(anImport, ctx);
        String name = visited.getTypeName().replace('$', '.');
        if (!remains(name) || visited.getMarkers().findFirst(SearchResult.class).isPresent()) {
          return visited;
        }
        String what = visited.getQualid().getSimpleName().equals("*") ? name + ".*" : name;
        return SearchResult.found(
            visited,
            "Scylla Boot: this recipe does not know "
                + what
                + " (no translation, no mark; "
                + MarkUntranslatedType.SECTION
                + ", \"What the recipe does not know\")");
      }

      private boolean remains(String name) {
        for (String prefix : packagePrefixes) {
          if (name.startsWith(prefix)) {
            return true;
          }
        }
        return false;
      }
    };
  }
}
