package io.scyllaboot.spring.kotlin

import io.scyllaboot.driver.testing.CassandraNodeExtension
import io.scyllaboot.spring.TestKeyspaceExtension
import io.scyllaboot.spring.core.AsyncScyllaTemplate
import io.scyllaboot.spring.core.ScyllaTemplate
import io.scyllaboot.spring.core.asType
import io.scyllaboot.spring.core.count
import io.scyllaboot.spring.core.delete
import io.scyllaboot.spring.core.exists
import io.scyllaboot.spring.core.getTableName
import io.scyllaboot.spring.core.query
import io.scyllaboot.spring.core.query.Query
import io.scyllaboot.spring.core.query.Update
import io.scyllaboot.spring.core.query.inValues
import io.scyllaboot.spring.core.query.isEqualTo
import io.scyllaboot.spring.core.query.where
import io.scyllaboot.spring.core.select
import io.scyllaboot.spring.core.selectOne
import io.scyllaboot.spring.core.selectOneById
import io.scyllaboot.spring.core.update
import io.scyllaboot.spring.cql.query
import io.scyllaboot.spring.cql.queryForList
import io.scyllaboot.spring.cql.queryForObject
import io.scyllaboot.spring.mapping.PartitionKey
import io.scyllaboot.spring.mapping.ScyllaEntityConverter
import io.scyllaboot.spring.mapping.ScyllaMappingContext
import io.scyllaboot.spring.mapping.Table
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate
import io.scyllaboot.spring.reactive.allAndAwait
import io.scyllaboot.spring.reactive.applyAndAwait
import io.scyllaboot.spring.reactive.asType
import io.scyllaboot.spring.reactive.awaitCount
import io.scyllaboot.spring.reactive.awaitExists
import io.scyllaboot.spring.reactive.awaitFirstOrNull
import io.scyllaboot.spring.reactive.awaitOne
import io.scyllaboot.spring.reactive.awaitOneOrNull
import io.scyllaboot.spring.reactive.count
import io.scyllaboot.spring.reactive.cql.queryForFlux
import io.scyllaboot.spring.reactive.flow
import io.scyllaboot.spring.reactive.insert
import io.scyllaboot.spring.reactive.oneAndAwait
import io.scyllaboot.spring.reactive.query
import io.scyllaboot.spring.reactive.select
import io.scyllaboot.spring.reactive.selectOneById
import io.scyllaboot.spring.reactive.update
import io.scyllaboot.spring.repository.support.SchemaCreator
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.future.await
import kotlinx.coroutines.reactive.awaitSingle
import kotlinx.coroutines.runBlocking
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.junit.jupiter.api.extension.RegisterExtension
import org.springframework.dao.IncorrectResultSizeDataAccessException

/**
 * The Kotlin extensions of the templates, the fluent API and the CQL templates, against the node: the
 * reified type argument picks the entity, the coroutine terminals return what the Mono/Flux held.
 */
@ExtendWith(CassandraNodeExtension::class)
class KotlinTemplateExtensionsIT {
  @Table("kt_parts")
  data class Part(@PartitionKey val id: String, val name: String, val stock: Int = 0)

  /** An interface projection, as Spring Data Cassandra's `asType<T>()` reads into. */
  interface PartName {
    fun getName(): String
  }

  companion object {
    @JvmField @RegisterExtension val keyspace = TestKeyspaceExtension("kt_extensions")

    private lateinit var template: ScyllaTemplate
    private lateinit var reactive: ReactiveScyllaTemplate
    private lateinit var async: AsyncScyllaTemplate

    @JvmStatic
    @BeforeAll
    fun templates() {
      val context = ScyllaMappingContext()
      val converter = ScyllaEntityConverter(context)
      SchemaCreator(keyspace.session(), context)
          .createIfNotExists(context.getRequiredPersistentEntity(Part::class.java))
      template = ScyllaTemplate(keyspace.session(), converter)
      reactive = ReactiveScyllaTemplate(keyspace.session(), converter)
      async = AsyncScyllaTemplate(template)
    }
  }

  @BeforeEach
  fun parts() {
    keyspace.truncate("kt_parts")
    template.insert(Part("bolt", "Bolt M6", 120))
    template.insert(Part("nut", "Nut M6", 80))
    template.insert(Part("gear", "Gear 32T", 3))
  }

  @Test
  fun `blocking template extensions take the entity from the type argument`() {
    assertThat(template.getTableName<Part>()).isEqualTo("kt_parts")
    assertThat(template.select<Part>("SELECT * FROM kt_parts WHERE id = ?", "nut"))
        .containsExactly(Part("nut", "Nut M6", 80))
    assertThat(template.select<Part>(Query.query(where("id").inValues("bolt", "gear"))))
        .extracting<String> { it.id }
        .containsExactlyInAnyOrder("bolt", "gear")
    assertThat(template.selectOne<Part>(Query.query(where("id").isEqualTo("gear"))))
        .isEqualTo(Part("gear", "Gear 32T", 3))
    assertThat(template.selectOne<Part>("SELECT * FROM kt_parts WHERE id = ?", "none")).isNull()
    assertThat(template.selectOneById<Part>("bolt")?.stock).isEqualTo(120)
    assertThat(template.count<Part>()).isEqualTo(3)
    assertThat(template.exists<Part>("nut")).isTrue()
    assertThat(template.exists<Part>("washer")).isFalse()

    assertThat(
            template.update<Part>(
                Query.query(where("id").isEqualTo("gear")), Update.update("stock", 4)))
        .isTrue()
    assertThat(template.selectOneById<Part>("gear")?.stock).isEqualTo(4)
    assertThat(template.delete<Part>(Query.query(where("id").isEqualTo("gear")))).isTrue()
    assertThat(template.count<Part>()).isEqualTo(2)

    assertThat(template.query<Part>().matching(where("id").isEqualTo("nut")).one())
        .isEqualTo(Part("nut", "Nut M6", 80))
  }

  @Test
  fun `reactive template extensions and coroutine terminals of the fluent API`() = runBlocking<Unit> {
    assertThat(reactive.select<Part>(Query.empty()).collectList().awaitSingle())
        .hasSize(3)
    assertThat(reactive.selectOneById<Part>("bolt").awaitSingle().name)
        .isEqualTo("Bolt M6")
    assertThat(reactive.count<Part>().awaitSingle()).isEqualTo(3)

    assertThat(reactive.query<Part>().matching(where("id").isEqualTo("nut")).awaitOne())
        .isEqualTo(Part("nut", "Nut M6", 80))
    assertThat(reactive.query<Part>().matching(where("id").isEqualTo("none")).awaitOneOrNull())
        .isNull()
    assertThat(reactive.query<Part>().matching(where("id").isEqualTo("none")).awaitFirstOrNull())
        .isNull()
    assertThatThrownBy { runBlocking { reactive.query<Part>().awaitOne() } }
        .isInstanceOf(IncorrectResultSizeDataAccessException::class.java)
    assertThatThrownBy {
          runBlocking { reactive.query<Part>().matching(where("id").isEqualTo("x")).awaitOne() }
        }
        .isInstanceOf(NoSuchElementException::class.java)
    assertThat(reactive.query<Part>().flow().map { it.id }.toList())
        .containsExactlyInAnyOrder("bolt", "nut", "gear")
    assertThat(reactive.query<Part>().awaitCount()).isEqualTo(3)
    assertThat(reactive.query<Part>().matching(where("id").isEqualTo("gear")).awaitExists())
        .isTrue()

    val written = reactive.insert<Part>().oneAndAwait(Part("washer", "Washer M6", 500))
    assertThat(written.wasApplied()).isTrue()
    assertThat(written.entity).isEqualTo(Part("washer", "Washer M6", 500))
    assertThat(
            reactive
                .update<Part>()
                .matching(where("id").isEqualTo("washer"))
                .applyAndAwait(Update.update("stock", 499))
                .wasApplied())
        .isTrue()
    assertThat(reactive.selectOneById<Part>("washer").awaitSingle().stock).isEqualTo(499)
    reactive
        .delete(Part::class.java)
        .matching(where("id").isEqualTo("washer"))
        .allAndAwait()
    assertThat(reactive.query<Part>().awaitCount()).isEqualTo(3)
  }

  @Test
  fun `async template and CQL template extensions`() = runBlocking<Unit> {
    assertThat(async.select<Part>(Query.query(where("id").isEqualTo("nut"))).await())
        .containsExactly(Part("nut", "Nut M6", 80))

    val cql = template.cqlOperations
    assertThat(cql.queryForObject<Long>("SELECT COUNT(*) FROM kt_parts")).isEqualTo(3L)
    assertThat(cql.queryForList<String>("SELECT name FROM kt_parts WHERE id IN ?", listOf("nut")))
        .containsExactly("Nut M6")
    assertThat(
            cql.query("SELECT id, stock FROM kt_parts WHERE id = ?", "bolt") { row, _ ->
              row.getString("id") + "=" + row.getInt("stock")
            })
        .containsExactly("bolt=120")
    val seen = mutableListOf<String?>()
    cql.query("SELECT id FROM kt_parts") { row -> seen.add(row.getString(0)) }
    assertThat(seen).containsExactlyInAnyOrder("bolt", "nut", "gear")

    assertThat(
            reactive.reactiveCqlOperations
                .queryForFlux<String>("SELECT id FROM kt_parts")
                .collectList()
                .awaitSingle())
        .containsExactlyInAnyOrder("bolt", "nut", "gear")
  }

  @Test
  fun `asType projects the fluent select onto the type argument`() = runBlocking<Unit> {
    assertThat(
            template
                .query<Part>()
                .asType<PartName>()
                .matching(where("id").isEqualTo("nut"))
                .one()
                ?.getName())
        .isEqualTo("Nut M6")
    assertThat(
            reactive
                .query<Part>()
                .asType<PartName>()
                .matching(where("id").isEqualTo("bolt"))
                .awaitOne()
                .getName())
        .isEqualTo("Bolt M6")
  }
}
