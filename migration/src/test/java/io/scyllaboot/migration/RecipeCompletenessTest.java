package io.scyllaboot.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openrewrite.Recipe;
import org.openrewrite.config.Environment;
import org.openrewrite.java.ChangeMethodName;
import org.openrewrite.java.ChangeType;

/**
 * Item 4 of issue 33: the recipe's completeness, measured on the libraries it migrates from rather
 * than remembered. Every public type of Spring Data Cassandra, of Boot's Cassandra modules and of
 * the DataStax driver's API (their jars are on this module's test class path) is translated to a
 * type that exists here, marked, or counted missing; every public method of a translated type has a
 * same-named counterpart, a rename or a mark, or is counted missing. The counts are printed as
 * {@code [recipe-completeness]} lines (the manual shows them).
 *
 * <p>Asserted: every translation's target exists; no type is both translated and marked; no marked
 * or missing type has a counterpart of the same name here (Cassandra read as Scylla), the stale
 * mark a new feature leaves when it lands without its recipe entry; and the missing counts do not
 * grow past the figures of the manual.
 */
class RecipeCompletenessTest {

  /** A library the recipe migrates from: the jar of its anchor type, its public packages. */
  record Library(String name, List<String> anchors, String packagePrefix, int typesMissingAtMost) {}

  // The figures of the run of 2026-12-04; lower them when a translation lands.
  static final List<Library> LIBRARIES =
      List.of(
          new Library(
              "Spring Data Cassandra",
              List.of("org.springframework.data.cassandra.core.CassandraTemplate"),
              "org.springframework.data.cassandra.",
              393),
          new Library(
              "Spring Boot's Cassandra modules",
              List.of(
                  "org.springframework.boot.cassandra.autoconfigure.CassandraProperties",
                  "org.springframework.boot.data.cassandra.autoconfigure.DataCassandraAutoConfiguration",
                  "org.springframework.boot.data.cassandra.test.autoconfigure.DataCassandraTest"),
              "org.springframework.boot.",
              13),
          new Library(
              "DataStax Java driver 4.x API",
              List.of(
                  "com.datastax.oss.driver.api.core.CqlSession",
                  "com.datastax.oss.driver.api.querybuilder.QueryBuilder"),
              "com.datastax.oss.driver.api.",
              188));

  /**
   * Same names (Cassandra read as Scylla), different things: each marked or left to the compiler on
   * purpose, with the reason.
   */
  static final Map<String, String> NOT_COUNTERPARTS =
      Map.of(
          "org.springframework.boot.cassandra.autoconfigure.CassandraProperties",
          "marked: ScyllaProperties has other getters (the mark says to inject it)",
          "org.springframework.boot.cassandra.autoconfigure.CassandraProperties$Compression",
          "a contact setting of Boot's; the driver's Compression has no SNAPPY",
          "org.springframework.boot.cassandra.autoconfigure.CassandraConnectionDetails$Node",
          "a contact point of Boot's; the driver's Node is a node of the cluster",
          "com.datastax.oss.driver.api.core.type.UserDefinedType",
          "a CQL type; Scylla Boot's UserDefinedType is a mapping annotation",
          "com.datastax.oss.driver.api.core.type.VectorType",
          "a CQL type; Scylla Boot's VectorType is a mapping annotation",
          "com.datastax.oss.driver.api.querybuilder.update.Update",
          "a query builder step; Scylla Boot's Update is the Spring Query API's",
          "com.datastax.oss.driver.api.querybuilder.delete.Delete",
          "a query builder step; Scylla Boot's Delete is the mapper's DAO annotation",
          "com.datastax.oss.driver.api.querybuilder.insert.Insert",
          "a query builder step; Scylla Boot's Insert is the mapper's DAO annotation",
          "com.datastax.oss.driver.api.querybuilder.select.Select",
          "a query builder step; Scylla Boot's Select is the mapper's DAO annotation",
          "org.springframework.data.cassandra.ReactiveResultSet",
          "Spring Data's reactive session result (Flux of rows); Scylla Boot's is the driver's"
              + " Publisher of a statement's rows");

  private static final Map<String, String> translations = new TreeMap<>();
  private static final Map<String, String> markedTypes = new TreeMap<>(); // type -> note
  private static final List<String[]> renamedMethods = new ArrayList<>(); // type, name
  private static final List<String[]> markedMethods = new ArrayList<>();
  private static final Map<String, String> ours = new TreeMap<>(); // simple name -> ours

  @BeforeAll
  static void readTheRecipe() throws Exception {
    Recipe recipe =
        Environment.builder()
            .scanRuntimeClasspath("io.scyllaboot.migration")
            .build()
            .activateRecipes(RecipeSpecs.RECIPE);
    walk(recipe);
    for (String name : classesUnder("io/scyllaboot", "io.scyllaboot.")) {
      Class<?> type = load(name);
      if (type != null && Modifier.isPublic(type.getModifiers()) && !name.contains(".internal.")) {
        ours.putIfAbsent(type.getSimpleName(), name);
      }
    }
  }

  private static void walk(Recipe recipe) {
    if (recipe instanceof ChangeType change) {
      translations.put(
          change.getOldFullyQualifiedTypeName(), change.getNewFullyQualifiedTypeName());
    } else if (recipe instanceof MarkUntranslatedType mark) {
      markedTypes.put(mark.getFullyQualifiedTypeName(), mark.getNote());
    } else if (recipe instanceof ChangeMethodName rename) {
      renamedMethods.add(typeAndName(rename.getMethodPattern()));
    } else if (recipe instanceof MarkUntranslatedMethod mark) {
      markedMethods.add(typeAndName(mark.getMethodPattern()));
    }
    for (Recipe child : recipe.getRecipeList()) {
      walk(child);
    }
  }

  /** "a.b.Type name(..)" as {type, name}. */
  private static String[] typeAndName(String pattern) {
    String head = pattern.substring(0, pattern.indexOf('('));
    int space = head.lastIndexOf(' ');
    return new String[] {head.substring(0, space).trim(), head.substring(space + 1)};
  }

  @Test
  void every_translation_has_its_target_here() {
    List<String> absent = new ArrayList<>();
    translations.forEach(
        (from, to) -> {
          if (load(to.replace('$', '.')) == null && load(to) == null) {
            absent.add(from + " -> " + to);
          }
        });
    assertThat(absent).as("translations to a type that does not exist").isEmpty();
  }

  @Test
  void no_type_is_both_translated_and_marked() {
    assertThat(markedTypes.keySet()).doesNotContainAnyElementsOf(translations.keySet());
  }

  @Test
  void measures_every_library_and_finds_no_counterpart_left_unused() throws Exception {
    List<String> unused = new ArrayList<>();
    for (Library library : LIBRARIES) {
      Set<String> types = new TreeSet<>();
      for (String anchor : library.anchors()) {
        types.addAll(publicTypesBeside(anchor, library.packagePrefix()));
      }
      int translated = 0;
      int marked = 0;
      List<String> missing = new ArrayList<>();
      int methods = 0;
      int sameNamed = 0;
      int renamed = 0;
      int methodsMarked = 0;
      int methodsMissing = 0;
      for (String name : types) {
        if (translations.containsKey(name)) {
          translated++;
          Class<?> from = load(name);
          Class<?> to = load(translations.get(name));
          for (String method : publicMethodNames(from)) {
            methods++;
            if (to != null && hasMethod(to, method)) {
              sameNamed++;
            } else if (covered(renamedMethods, from, method)) {
              renamed++;
            } else if (covered(markedMethods, from, method)) {
              methodsMarked++;
            } else {
              methodsMissing++;
            }
          }
          continue;
        }
        String counterpart = ours.get(simpleName(name).replace("Cassandra", "Scylla"));
        String note = markedTypes.get(name);
        // A mark that names the counterpart is a true mark (its methods differ); one that does not,
        // or no mark at all, leaves a counterpart unused.
        if (counterpart != null
            && !NOT_COUNTERPARTS.containsKey(name)
            && (note == null || !note.contains(counterpart))) {
          unused.add(
              name
                  + " ("
                  + (note != null ? "marked" : "missing")
                  + ") has a counterpart here: "
                  + counterpart);
        }
        if (note != null) {
          marked++;
        } else {
          missing.add(name);
        }
      }
      System.out.printf(
          "[recipe-completeness] %s: %d public types: %d translated, %d marked, %d missing;"
              + " %d public methods of translated types: %d same-named, %d renamed, %d marked,"
              + " %d missing%n",
          library.name(),
          types.size(),
          translated,
          marked,
          missing.size(),
          methods,
          sameNamed,
          renamed,
          methodsMarked,
          methodsMissing);
      assertThat(types).as("%s: public types found", library.name()).isNotEmpty();
      assertThat(missing.size())
          .as("%s: types neither translated nor marked: %s", library.name(), missing)
          .isLessThanOrEqualTo(library.typesMissingAtMost());
    }
    assertThat(unused).as("marked or missing types that have a counterpart here").isEmpty();
  }

  private static boolean covered(List<String[]> rules, Class<?> from, String method) {
    for (String[] rule : rules) {
      if (!rule[1].equals(method) && !rule[1].equals("*")) {
        continue;
      }
      Class<?> declaring = load(rule[0]);
      if (declaring != null && from != null && declaring.isAssignableFrom(from)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasMethod(Class<?> type, String name) {
    for (Method method : methodsOf(type, true)) {
      if (method.getName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A type's methods; none when their signatures name a class absent here (Kotlin facades: the
   * Kotlin standard library is not on this class path).
   */
  private static Method[] methodsOf(Class<?> type, boolean inherited) {
    try {
      return inherited ? type.getMethods() : type.getDeclaredMethods();
    } catch (LinkageError e) {
      return new Method[0];
    }
  }

  private static Set<String> publicMethodNames(Class<?> type) {
    Set<String> names = new TreeSet<>();
    if (type == null) {
      return names;
    }
    for (Method method : methodsOf(type, false)) {
      if (Modifier.isPublic(method.getModifiers()) && !method.isSynthetic() && !method.isBridge()) {
        names.add(method.getName());
      }
    }
    return names;
  }

  private static String simpleName(String name) {
    return name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1);
  }

  /** The public types (nested ones too) of the anchor's jar under the prefix. */
  private static Set<String> publicTypesBeside(String anchor, String prefix) throws Exception {
    Class<?> type = load(anchor);
    assertThat(type).as("%s on the test class path", anchor).isNotNull();
    Path jar = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    Set<String> names = new TreeSet<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (JarEntry entry : Collections.list(file.entries())) {
        String name = entry.getName();
        if (!name.endsWith(".class") || name.endsWith("package-info.class")) {
          continue;
        }
        String binary = name.substring(0, name.length() - ".class".length()).replace('/', '.');
        if (!binary.startsWith(prefix) || binary.contains(".internal.")) {
          continue;
        }
        Class<?> candidate = load(binary);
        if (candidate != null && isPublicApi(candidate)) {
          names.add(binary);
        }
      }
    }
    return names;
  }

  private static boolean isPublicApi(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
      if (!Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isSynthetic()) {
        return false;
      }
    }
    return true;
  }

  /** Our public types, from the class path's directories and jars. */
  private static List<String> classesUnder(String path, String prefix)
      throws IOException, URISyntaxException {
    List<String> names = new ArrayList<>();
    Enumeration<URL> roots = RecipeCompletenessTest.class.getClassLoader().getResources(path);
    while (roots.hasMoreElements()) {
      URL root = roots.nextElement();
      if (root.getProtocol().equals("jar")) {
        try (JarFile file = ((JarURLConnection) root.openConnection()).getJarFile()) {
          for (JarEntry entry : Collections.list(file.entries())) {
            addClass(names, entry.getName(), prefix);
          }
        }
      } else {
        Path base = Path.of(root.toURI());
        Path top = base;
        for (int i = 0; i < path.split("/").length; i++) {
          top = top.getParent();
        }
        Path classes = top;
        try (Stream<Path> files = Files.walk(base)) {
          files.forEach(
              file ->
                  addClass(
                      names,
                      classes.relativize(file).toString().replace(File.separatorChar, '/'),
                      prefix));
        }
      }
    }
    return names;
  }

  private static void addClass(List<String> names, String entry, String prefix) {
    if (entry.endsWith(".class") && !entry.contains("$") && !entry.endsWith("package-info.class")) {
      String binary = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
      if (binary.startsWith(prefix)) {
        names.add(binary);
      }
    }
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, RecipeCompletenessTest.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
