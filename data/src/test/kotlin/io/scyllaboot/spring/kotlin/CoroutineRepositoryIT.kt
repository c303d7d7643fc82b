package io.scyllaboot.spring.kotlin

import io.scyllaboot.driver.api.CqlSession
import io.scyllaboot.driver.testing.CassandraNodeExtension
import io.scyllaboot.spring.TestKeyspaceExtension
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator
import io.scyllaboot.spring.mapping.Indexed
import io.scyllaboot.spring.mapping.PartitionKey
import io.scyllaboot.spring.mapping.ScyllaEntityConverter
import io.scyllaboot.spring.mapping.ScyllaMappingContext
import io.scyllaboot.spring.mapping.Table
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate
import io.scyllaboot.spring.repository.Query
import io.scyllaboot.spring.repository.config.EnableReactiveScyllaRepositories
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory
import io.scyllaboot.spring.repository.support.SchemaCreator
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.junit.jupiter.api.extension.RegisterExtension
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.ComponentScan.Filter
import org.springframework.context.annotation.Configuration
import org.springframework.context.annotation.FilterType
import org.springframework.data.repository.kotlin.CoroutineCrudRepository

/**
 * Coroutine repositories: Spring Data Commons adapts `suspend` methods and `Flow` results onto the
 * reactive repository (the CRUD methods of [CoroutineCrudRepository] onto
 * `SimpleReactiveScyllaRepository`, the query methods onto the reactive query execution).
 */
@ExtendWith(CassandraNodeExtension::class)
class CoroutineRepositoryIT {
  @Table("kt_people")
  data class Person(
      @PartitionKey val id: String,
      val name: String,
      @Indexed val city: String,
      val age: Int = 0,
  )

  interface PersonRepository : CoroutineCrudRepository<Person, String> {
    fun findByCity(city: String): Flow<Person>

    suspend fun findOneByCity(city: String): Person?

    suspend fun countByCity(city: String): Long

    @Query("SELECT * FROM kt_people WHERE id = ?0")
    suspend fun byId(id: String): Person?

    @Query("SELECT * FROM kt_people WHERE id IN ?0")
    fun byIds(ids: List<String>): Flow<Person>
  }

  companion object {
    @JvmField @RegisterExtension val keyspace = TestKeyspaceExtension("kt_coroutines")

    private lateinit var people: PersonRepository

    @JvmStatic
    @BeforeAll
    fun repository() {
      val context = ScyllaMappingContext()
      people =
          ReactiveScyllaRepositoryFactory(
                  keyspace.session(),
                  ScyllaExceptionTranslator(),
                  ScyllaEntityConverter(context),
                  SchemaCreator(keyspace.session(), context))
              .getRepository(PersonRepository::class.java)
    }
  }

  @BeforeEach
  fun empty() {
    keyspace.truncate("kt_people")
  }

  @Test
  fun `suspend save, findById, existsById, deleteById and count`() = runBlocking<Unit> {
    val ada = Person("p1", "Ada", "London", 36)

    assertThat(people.save(ada)).isEqualTo(ada)
    assertThat(people.findById("p1")).isEqualTo(ada)
    assertThat(people.existsById("p1")).isTrue()
    assertThat(people.count()).isEqualTo(1)

    people.deleteById("p1")

    assertThat(people.findById("p1")).isNull()
    assertThat(people.existsById("p1")).isFalse()
    assertThat(people.count()).isZero()
  }

  @Test
  fun `saveAll of a Flow and findAll as a Flow`() = runBlocking<Unit> {
    val saved =
        people
            .saveAll(flowOf(Person("p1", "Ada", "London"), Person("p2", "Alan", "Wilmslow")))
            .toList()

    assertThat(saved.map { it.id }).containsExactlyInAnyOrder("p1", "p2")
    assertThat(people.findAll().map { it.name }.toList()).containsExactlyInAnyOrder("Ada", "Alan")
    assertThat(people.findAllById(listOf("p2")).toList())
        .containsExactly(Person("p2", "Alan", "Wilmslow"))
  }

  @Test
  fun `a derived query returns a Flow and suspending derived queries return one value`() =
      runBlocking<Unit> {
        people.save(Person("p1", "Ada", "London"))
        people.save(Person("p2", "Charles", "London"))
        people.save(Person("p3", "Alan", "Wilmslow"))

        assertThat(people.findByCity("London").map { it.name }.toList())
            .containsExactlyInAnyOrder("Ada", "Charles")
        assertThat(people.findOneByCity("Wilmslow")).isEqualTo(Person("p3", "Alan", "Wilmslow"))
        assertThat(people.findOneByCity("Paris")).isNull()
        assertThat(people.countByCity("London")).isEqualTo(2)
      }

  @Test
  fun `declared queries run as suspend functions and Flows`() = runBlocking<Unit> {
    people.save(Person("p1", "Ada", "London"))
    people.save(Person("p2", "Alan", "Wilmslow"))

    assertThat(people.byId("p2")).isEqualTo(Person("p2", "Alan", "Wilmslow"))
    assertThat(people.byId("nobody")).isNull()
    assertThat(people.byIds(listOf("p1", "p2")).map { it.id }.toList())
        .containsExactlyInAnyOrder("p1", "p2")
  }

  @Configuration(proxyBeanMethods = false)
  @EnableReactiveScyllaRepositories(
      basePackageClasses = [CoroutineRepositoryIT::class],
      considerNestedRepositories = true,
      includeFilters =
          [Filter(type = FilterType.ASSIGNABLE_TYPE, classes = [PersonRepository::class])])
  open class Repositories {
    // The test's session: the context must not close it.
    @Bean(destroyMethod = "") open fun session(): CqlSession = keyspace.session()

    @Bean open fun mappingContext() = ScyllaMappingContext()

    @Bean open fun converter(context: ScyllaMappingContext) = ScyllaEntityConverter(context)

    @Bean open fun translator() = ScyllaExceptionTranslator()

    @Bean
    open fun reactiveTemplate(session: CqlSession, converter: ScyllaEntityConverter) =
        ReactiveScyllaTemplate(session, converter)

    @Bean
    open fun schemaCreator(session: CqlSession, context: ScyllaMappingContext) =
        SchemaCreator(session, context)
  }

  @Test
  fun `EnableReactiveScyllaRepositories registers a coroutine repository`() {
    AnnotationConfigApplicationContext(Repositories::class.java).use { context ->
      val repository = context.getBean(PersonRepository::class.java)
      runBlocking<Unit> {
        repository.save(Person("p9", "Grace", "Arlington"))
        assertThat(repository.findById("p9")).isEqualTo(Person("p9", "Grace", "Arlington"))
      }
    }
  }
}
