package io.scyllaboot.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Option;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.MethodMatcher;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.SearchResult;

/**
 * Marks every call of a method that has no Scylla Boot counterpart with a note saying what to do
 * instead, for methods of types that are otherwise translated (a renamed type whose other methods
 * compile).
 */
public final class MarkUntranslatedMethod extends Recipe {

  /** Where the manual explains each mark. */
  static final String SECTION = "see the Scylla Boot manual, Coming from the DataStax driver API";

  @Option(
      displayName = "Method pattern",
      description = "The calls to mark, as a method pattern (overrides match too).",
      example = "org.example.Foo bar(..)")
  private final String methodPattern;

  @Option(
      displayName = "Receiver type",
      description =
          "Only calls on a receiver of this type (for methods a type inherits from an interface"
              + " it shares with translated types).",
      example = "org.example.Foo",
      required = false)
  private final @Nullable String receiverType;

  @Option(displayName = "Note", description = "What to use instead.", example = "use X")
  private final String note;

  @JsonCreator
  public MarkUntranslatedMethod(
      @JsonProperty("methodPattern") String methodPattern,
      @JsonProperty("receiverType") @Nullable String receiverType,
      @JsonProperty("note") String note) {
    this.methodPattern = methodPattern;
    this.receiverType = receiverType;
    this.note = note;
  }

  public String getMethodPattern() {
    return methodPattern;
  }

  public @Nullable String getReceiverType() {
    return receiverType;
  }

  public String getNote() {
    return note;
  }

  @Override
  public String getDisplayName() {
    return "Mark a method Scylla Boot has no counterpart of";
  }

  @Override
  public String getDescription() {
    return "Adds a search-result comment naming the manual's section to each call of the method.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    MethodMatcher matcher = new MethodMatcher(methodPattern, true);
    return new JavaIsoVisitor<>() {
      @Override
      public J.MethodInvocation visitMethodInvocation(
          J.MethodInvocation method, ExecutionContext ctx) {
        J.MethodInvocation visited = super.visitMethodInvocation(method, ctx);
        if (!matcher.matches(visited) || !onReceiverType(visited)) {
          return visited;
        }
        String message =
            "Scylla Boot: no counterpart of "
                + visited.getSimpleName()
                + "(..) ("
                + note
                + "; "
                + SECTION
                + ")";
        return SearchResult.found(visited, message);
      }

      private boolean onReceiverType(J.MethodInvocation call) {
        return receiverType == null
            || (call.getSelect() != null
                && TypeUtils.isAssignableTo(receiverType, call.getSelect().getType()));
      }
    };
  }
}
