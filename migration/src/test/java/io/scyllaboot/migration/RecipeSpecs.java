package io.scyllaboot.migration;

import org.openrewrite.java.JavaParser;
import org.openrewrite.kotlin.KotlinParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.TypeValidation;

/**
 * The recipe under test, parsing Java with this module's test class path (both libraries' types);
 * the Java sources after it must compile against Scylla Boot's ({@link CompiledAfter}).
 */
final class RecipeSpecs {

  static final String RECIPE = "io.scyllaboot.migration.SpringDataCassandraToScyllaBoot";
  static final String DRIVER_RECIPE = "io.scyllaboot.migration.DataStaxDriverToScyllaBoot";

  private RecipeSpecs() {}

  static void migration(RecipeSpec spec) {
    spec.recipeFromResources(RECIPE)
        .parser(JavaParser.fromJavaVersion().classpath(JavaParser.runtimeClasspath()));
    CompiledAfter.register(spec);
  }

  /**
   * The DataStax driver recipe alone. Rewritten calls name Scylla Boot's types, which an
   * application being migrated does not have on its class path yet: their attribution is incomplete
   * by nature, so javac checks the output instead ({@link CompiledAfter}).
   */
  static void driverMigration(RecipeSpec spec) {
    spec.recipeFromResources(DRIVER_RECIPE)
        .parser(JavaParser.fromJavaVersion().classpath(JavaParser.runtimeClasspath()))
        .afterTypeValidationOptions(TypeValidation.none());
    CompiledAfter.register(spec);
  }

  /** The recipe on Kotlin sources, with the same class path. */
  static void kotlinMigration(RecipeSpec spec) {
    spec.recipeFromResources(RECIPE)
        .parser(KotlinParser.builder().classpath(JavaParser.runtimeClasspath()));
  }
}
