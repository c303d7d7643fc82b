package io.scyllaboot.migration;

import org.openrewrite.java.JavaParser;
import org.openrewrite.kotlin.KotlinParser;
import org.openrewrite.test.RecipeSpec;

/**
 * The recipe under test, parsing Java with this module's test class path (both libraries' types);
 * the Java sources after it must compile against Scylla Boot's ({@link CompiledAfter}).
 */
final class RecipeSpecs {

  static final String RECIPE = "io.scyllaboot.migration.SpringDataCassandraToScyllaBoot";

  private RecipeSpecs() {}

  static void migration(RecipeSpec spec) {
    spec.recipeFromResources(RECIPE)
        .parser(JavaParser.fromJavaVersion().classpath(JavaParser.runtimeClasspath()));
    CompiledAfter.register(spec);
  }

  /** The recipe on Kotlin sources, with the same class path. */
  static void kotlinMigration(RecipeSpec spec) {
    spec.recipeFromResources(RECIPE)
        .parser(KotlinParser.builder().classpath(JavaParser.runtimeClasspath()));
  }
}
