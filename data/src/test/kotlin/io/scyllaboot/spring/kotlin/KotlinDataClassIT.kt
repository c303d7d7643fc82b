package io.scyllaboot.spring.kotlin

import io.scyllaboot.driver.testing.CassandraNodeExtension
import io.scyllaboot.spring.TestKeyspaceExtension
import io.scyllaboot.spring.core.ScyllaTemplate
import io.scyllaboot.spring.core.selectOneById
import io.scyllaboot.spring.mapping.Column
import io.scyllaboot.spring.mapping.PartitionKey
import io.scyllaboot.spring.mapping.ScyllaEntityConverter
import io.scyllaboot.spring.mapping.ScyllaMappingContext
import io.scyllaboot.spring.mapping.Table
import io.scyllaboot.spring.repository.support.SchemaCreator
import java.time.Instant
import java.util.UUID
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.junit.jupiter.api.extension.RegisterExtension

/**
 * Kotlin data classes as entities: read through their primary constructor (Spring Data Commons'
 * Kotlin instantiator), a null or missing column takes the parameter's default value, a nullable
 * property stays null, and what is written reads back equal.
 */
@ExtendWith(CassandraNodeExtension::class)
class KotlinDataClassIT {
  @Table("kt_accounts")
  data class Account(
      @PartitionKey val id: UUID,
      val owner: String,
      val plan: String = "free",
      val seats: Int = 1,
      val nickname: String? = null,
      val tags: Set<String> = emptySet(),
      @Column("opened_at") val openedAt: Instant? = null,
  )

  /** Only `val`s without defaults: the constructor is the only way in. */
  @Table("kt_readings")
  data class Reading(@PartitionKey val sensor: String, val value: Double, val unit: String?)

  companion object {
    @JvmField @RegisterExtension val keyspace = TestKeyspaceExtension("kt_data_class")

    private lateinit var template: ScyllaTemplate

    @JvmStatic
    @BeforeAll
    fun schema() {
      val context = ScyllaMappingContext()
      val creator = SchemaCreator(keyspace.session(), context)
      creator.createIfNotExists(context.getRequiredPersistentEntity(Account::class.java))
      creator.createIfNotExists(context.getRequiredPersistentEntity(Reading::class.java))
      template = ScyllaTemplate(keyspace.session(), ScyllaEntityConverter(context))
    }
  }

  @Test
  fun `a data class with every property set reads back equal`() {
    val account =
        Account(
            UUID.randomUUID(),
            "ada",
            plan = "team",
            seats = 5,
            nickname = "countess",
            tags = setOf("math", "engines"),
            openedAt = Instant.parse("2026-12-01T10:15:30Z"))

    template.insert(account)

    assertThat(template.selectOneById<Account>(account.id)).isEqualTo(account)
  }

  @Test
  fun `null columns take the constructor defaults and nullable properties stay null`() {
    val id = UUID.randomUUID()
    // Written by another application: only the key and the owner.
    keyspace.session().execute("INSERT INTO kt_accounts (id, owner) VALUES (?, ?)", id, "grace")

    val read = template.selectOneById<Account>(id)

    assertThat(read).isEqualTo(Account(id, "grace"))
    assertThat(read!!.plan).isEqualTo("free")
    assertThat(read.seats).isEqualTo(1)
    assertThat(read.nickname).isNull()
    assertThat(read.tags).isEmpty()
  }

  @Test
  fun `a data class without defaults round-trips a null nullable column`() {
    template.insert(Reading("boiler", 71.5, null))
    template.insert(Reading("tank", 3.25, "bar"))

    assertThat(template.selectOneById<Reading>("boiler")).isEqualTo(Reading("boiler", 71.5, null))
    assertThat(template.selectOneById<Reading>("tank")).isEqualTo(Reading("tank", 3.25, "bar"))
  }

  @Test
  fun `copy then update writes the changed property`() {
    val account = Account(UUID.randomUUID(), "linus")
    template.insert(account)

    template.update(account.copy(seats = 12, nickname = "penguin"))

    assertThat(template.selectOneById<Account>(account.id))
        .isEqualTo(account.copy(seats = 12, nickname = "penguin"))
  }
}
