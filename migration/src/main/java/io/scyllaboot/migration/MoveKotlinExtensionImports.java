package io.scyllaboot.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaSourceFile;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeTree;

/**
 * Kotlin imports of Spring Data Cassandra's extension functions ({@code
 * org.springframework.data.cassandra.core.select}, {@code ...core.query.where}) and star imports of
 * its packages, which the type changes cannot see (a function is no type; a star import whose types
 * all moved would be deleted, taking the extensions with it). Each becomes the import of the Scylla
 * Boot package(s) declaring that name: Spring Data Cassandra keeps its blocking and reactive
 * extensions in one package, Scylla Boot in two ({@code io.scyllaboot.spring.core}, {@code
 * ...reactive}), so a name both declare is imported from both. A star import becomes the star
 * import of the blocking package, and of the reactive one when the file uses a reactive type. Runs
 * before the type changes; imports of types are theirs.
 */
public final class MoveKotlinExtensionImports extends Recipe {
  private static final String SDC = "org.springframework.data.cassandra.core";
  private static final String CORE = "io.scyllaboot.spring.core";
  private static final String REACTIVE = "io.scyllaboot.spring.reactive";
  private static final String CQL = "io.scyllaboot.spring.cql";
  private static final String REACTIVE_CQL = "io.scyllaboot.spring.reactive.cql";
  private static final String QUERY = "io.scyllaboot.spring.core.query";

  // The extension functions Scylla Boot declares (data/src/main/kotlin), by package.
  private static final Set<String> TEMPLATE =
      Set.of(
          "select",
          "selectOne",
          "slice",
          "scroll",
          "selectOneById",
          "exists",
          "count",
          "update",
          "delete",
          "deleteById",
          "truncate",
          "query",
          "insert",
          "asType",
          "stream");
  private static final Map<String, Set<String>> DECLARED =
      Map.of(
          CORE,
          union(TEMPLATE, Set.of("getTableName")),
          REACTIVE,
          union(
              TEMPLATE,
              Set.of(
                  "awaitOne",
                  "awaitOneOrNull",
                  "awaitFirst",
                  "awaitFirstOrNull",
                  "awaitCount",
                  "awaitExists",
                  "flow",
                  "oneAndAwait",
                  "applyAndAwait",
                  "allAndAwait")),
          CQL,
          Set.of("queryForObject", "queryForList", "query", "queryForStream"),
          REACTIVE_CQL,
          Set.of("queryForObject", "queryForFlux", "query"),
          QUERY,
          Set.of("where", "isEqualTo", "inValues"));

  // Spring Data Cassandra's package to Scylla Boot's: blocking first, then reactive.
  private static final Map<String, List<String>> PACKAGES =
      Map.of(
          SDC,
          List.of(CORE, REACTIVE),
          SDC + ".cql",
          List.of(CQL, REACTIVE_CQL),
          SDC + ".query",
          List.of(QUERY));

  private static Set<String> union(Set<String> a, Set<String> b) {
    return Set.copyOf(Stream.concat(a.stream(), b.stream()).toList());
  }

  @Override
  public String getDisplayName() {
    return "Move Kotlin imports of Spring Data Cassandra's extensions to Scylla Boot's";
  }

  @Override
  public String getDescription() {
    return "Kotlin imports of Spring Data Cassandra's extension functions and star imports of its"
        + " packages become imports of the Scylla Boot packages declaring them.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return new TreeVisitor<Tree, ExecutionContext>() {
      @Override
      public @Nullable Tree visit(@Nullable Tree tree, ExecutionContext ctx) {
        if (!(tree instanceof JavaSourceFile source)
            || !source.getSourcePath().toString().endsWith(".kt")) {
          return tree;
        }
        boolean reactive = uses(source, true);
        boolean blocking = uses(source, false);
        List<JRightPadded<J.Import>> imports = source.getPadding().getImports();
        List<JRightPadded<J.Import>> moved = new ArrayList<>();
        boolean changed = false;
        for (JRightPadded<J.Import> padded : imports) {
          List<String> targets = targets(padded.getElement(), reactive, blocking);
          if (targets.isEmpty()) {
            moved.add(padded);
            continue;
          }
          changed = true;
          J.Import original = padded.getElement();
          for (int i = 0; i < targets.size(); i++) {
            J.Import next =
                original.withQualid(
                    ((J.FieldAccess) TypeTree.build(targets.get(i)))
                        .withPrefix(original.getQualid().getPrefix()));
            if (i > 0) {
              next =
                  next.withId(Tree.randomId())
                      .withPrefix(original.getPrefix().withWhitespace("\n"));
            }
            moved.add(padded.withElement(next));
          }
        }
        return changed ? source.getPadding().withImports(moved) : tree;
      }
    };
  }

  /** The imports replacing this one; empty to keep it. */
  private static List<String> targets(J.Import anImport, boolean reactive, boolean blocking) {
    if (anImport.isStatic()
        && anImport.getQualid().getTarget() instanceof J.FieldAccess owner
        && Character.isUpperCase(owner.getSimpleName().charAt(0))) {
      return List.of(); // a member of a class (Query.query): the type changes move it
    }
    String qualified = dotted(anImport.getQualid());
    int dot = qualified.lastIndexOf('.');
    List<String> packages = PACKAGES.get(qualified.substring(0, dot));
    String name = qualified.substring(dot + 1);
    if (packages == null || Character.isUpperCase(name.charAt(0))) {
      return List.of(); // not Spring Data Cassandra's, or a type: the type changes move it
    }
    List<String> targets = new ArrayList<>();
    for (String pkg : packages) {
      // The reactive package when the file uses reactive types, the blocking one unless it uses
      // reactive types only.
      boolean wanted = pkg.contains(".reactive") ? reactive : blocking || !reactive;
      if (wanted && ("*".equals(name) || DECLARED.get(pkg).contains(name))) {
        targets.add(pkg + "." + name);
      }
    }
    // A function Scylla Boot does not declare: the compiler names it under the blocking package.
    return targets.isEmpty() ? List.of(packages.get(0) + "." + name) : targets;
  }

  private static String dotted(J.FieldAccess access) {
    String target =
        access.getTarget() instanceof J.FieldAccess parent
            ? dotted(parent)
            : access.getTarget() instanceof J.Identifier id ? id.getSimpleName() : "";
    return target + "." + access.getSimpleName();
  }

  /** Whether the file uses Spring Data Cassandra's reactive (or else its blocking) API. */
  private static boolean uses(JavaSourceFile source, boolean reactive) {
    return source.getTypesInUse().getTypesInUse().stream()
            .anyMatch(
                type -> isOf(type instanceof JavaType.FullyQualified fq ? fq : null, reactive))
        || source.getTypesInUse().getUsedMethods().stream()
            .anyMatch(method -> isOf(method.getDeclaringType(), reactive));
  }

  private static boolean isOf(JavaType.@Nullable FullyQualified type, boolean reactive) {
    if (type == null || !type.getFullyQualifiedName().startsWith(SDC)) {
      return false;
    }
    String name = type.getClassName();
    return reactive
        ? name.contains("Reactive")
        : !name.contains("Reactive")
            && (name.contains("Cassandra") || name.contains("Executable") || name.contains("Cql"));
  }
}
