package io.scyllaboot.migration;

import static org.openrewrite.kotlin.Assertions.kotlin;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The recipe on Kotlin sources (what rewrite-maven-plugin parses with rewrite-kotlin): types,
 * imports of Spring Data Cassandra's Kotlin extensions (named and star), as in
 * spring-data-examples' cassandra/kotlin (scripts/proving-ground.sh). Snippets in those shapes, not
 * the examples' code.
 */
class KotlinMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.kotlinMigration(spec);
  }

  @Test
  void mappingAnnotationsOfADataClass() {
    rewriteRun(
        kotlin(
            """
            package shop

            import org.springframework.data.cassandra.core.cql.PrimaryKeyType
            import org.springframework.data.cassandra.core.mapping.PrimaryKeyColumn
            import org.springframework.data.cassandra.core.mapping.Table

            @Table
            data class Item(@PrimaryKeyColumn(type = PrimaryKeyType.PARTITIONED) val sku: String = "", val label: String? = null)
            """,
            """
            package shop

            import io.scyllaboot.spring.mapping.PrimaryKeyColumn
            import io.scyllaboot.spring.mapping.PrimaryKeyType
            import io.scyllaboot.spring.mapping.Table

            @Table
            data class Item(@PrimaryKeyColumn(type = PrimaryKeyType.PARTITIONED) val sku: String = "", val label: String? = null)
            """));
  }

  @Test
  void aStarImportOfTheTemplatePackageKeepsItsExtensions() {
    rewriteRun(
        kotlin(
            """
            package shop

            import org.springframework.data.cassandra.core.*

            class Shelf(val sku: String)

            class Shelves(private val template: CassandraOperations) {
                fun empty() = template.truncate<Shelf>()
                fun all(): List<Shelf> = template.select<Shelf>("SELECT * FROM shelf")
            }
            """,
            """
            package shop

            import io.scyllaboot.spring.core.*

            class Shelf(val sku: String)

            class Shelves(private val template: ScyllaOperations) {
                fun empty() = template.truncate<Shelf>()
                fun all(): List<Shelf> = template.select<Shelf>("SELECT * FROM shelf")
            }
            """));
  }

  @Test
  void namedExtensionImportsMoveToTheirPackages() {
    rewriteRun(
        kotlin(
            """
            package shop

            import org.springframework.data.cassandra.core.CassandraOperations
            import org.springframework.data.cassandra.core.query
            import org.springframework.data.cassandra.core.query.Query.query
            import org.springframework.data.cassandra.core.query.isEqualTo
            import org.springframework.data.cassandra.core.query.where

            class Crate(val sku: String)

            class Crates(private val template: CassandraOperations) {
                fun bySku(sku: String): List<Crate> =
                    template.query<Crate>().matching(query(where("sku").isEqualTo(sku))).all()
            }
            """,
            """
            package shop

            import io.scyllaboot.spring.core.ScyllaOperations
            import io.scyllaboot.spring.core.query
            import io.scyllaboot.spring.core.query.Query.query
            import io.scyllaboot.spring.core.query.isEqualTo
            import io.scyllaboot.spring.core.query.where

            class Crate(val sku: String)

            class Crates(private val template: ScyllaOperations) {
                fun bySku(sku: String): List<Crate> =
                    template.query<Crate>().matching(query(where("sku").isEqualTo(sku))).all()
            }
            """));
  }

  @Test
  void reactiveExtensionsComeFromTheReactivePackage() {
    rewriteRun(
        kotlin(
            """
            package shop

            import kotlinx.coroutines.flow.Flow
            import org.springframework.data.cassandra.core.ReactiveCassandraOperations
            import org.springframework.data.cassandra.core.flow
            import org.springframework.data.cassandra.core.query

            class Tray(val sku: String)

            class Trays(private val template: ReactiveCassandraOperations) {
                fun all(): Flow<Tray> = template.query<Tray>().flow()
            }
            """,
            """
            package shop

            import kotlinx.coroutines.flow.Flow
            import io.scyllaboot.spring.reactive.ReactiveScyllaOperations
            import io.scyllaboot.spring.reactive.flow
            import io.scyllaboot.spring.reactive.query

            class Tray(val sku: String)

            class Trays(private val template: ReactiveScyllaOperations) {
                fun all(): Flow<Tray> = template.query<Tray>().flow()
            }
            """));
  }

  @Test
  void valueTerminalsOfTheFluentSelectBecomeTheNullableOnes() {
    // Spring Data Cassandra's one()/first() are Optionals, oneValue()/firstValue() nullable;
    // Scylla Boot's one()/first() are nullable.
    rewriteRun(
        kotlin(
            """
            package shop

            import org.springframework.data.cassandra.core.CassandraOperations
            import org.springframework.data.cassandra.core.query

            class Bin(val sku: String)

            class Bins(private val template: CassandraOperations) {
                fun only(): Bin? = template.query<Bin>().oneValue()
                fun any(): Bin? = template.query<Bin>().firstValue()
            }
            """,
            """
            package shop

            import io.scyllaboot.spring.core.ScyllaOperations
            import io.scyllaboot.spring.core.query

            class Bin(val sku: String)

            class Bins(private val template: ScyllaOperations) {
                fun only(): Bin? = template.query<Bin>().one()
                fun any(): Bin? = template.query<Bin>().first()
            }
            """));
  }
}
