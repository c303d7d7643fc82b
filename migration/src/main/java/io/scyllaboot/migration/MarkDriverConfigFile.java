package io.scyllaboot.migration;

import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.text.PlainText;
import org.openrewrite.text.PlainTextVisitor;

/**
 * A DataStax driver configuration file ({@code application.conf} or any {@code .conf} with a {@code
 * datastax-java-driver} block: contact points, data center, timeouts, the throttler, profiles) is
 * read by no one after the switch: Scylla Boot's driver is configured on its builder. Rather than
 * let those settings go silently, the file gets a comment at its top saying so and where they go.
 * HOCON comments keep the file valid for whatever else reads it.
 */
public final class MarkDriverConfigFile extends Recipe {
  static final String HEADER =
      "# Scylla Boot: its driver does not read this file; set these datastax-java-driver options on\n"
          + "# CqlSession.builder() (withLocalDatacenter, withRequestTimeout, withThrottling,\n"
          + "# withProfile, ...) or as scylla.* properties with the starter; see the Scylla\n"
          + "# Boot manual, Coming from the DataStax driver API.\n";

  @Override
  public String getDisplayName() {
    return "Mark the DataStax driver's configuration file";
  }

  @Override
  public String getDescription() {
    return "A `.conf` file with a `datastax-java-driver` block gets a comment saying Scylla Boot"
        + " does not read it and where its options go.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new PlainTextVisitor<>() {
      @Override
      public PlainText visitText(PlainText text, ExecutionContext ctx) {
        String content = text.getText();
        if (!text.getSourcePath().toString().endsWith(".conf")
            || !content.contains("datastax-java-driver")
            || content.startsWith("# Scylla Boot:")) { // this mark, or the translation's
          return text;
        }
        return text.withText(HEADER + content);
      }
    };
  }
}
