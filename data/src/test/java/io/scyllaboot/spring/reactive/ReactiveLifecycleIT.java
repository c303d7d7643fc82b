package io.scyllaboot.spring.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.config.EnableReactiveScyllaAuditing;
import io.scyllaboot.spring.core.mapping.event.AfterDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.AfterLoadEvent;
import io.scyllaboot.spring.core.mapping.event.AfterSaveEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeSaveEvent;
import io.scyllaboot.spring.core.mapping.event.ReactiveAfterConvertCallback;
import io.scyllaboot.spring.core.mapping.event.ReactiveBeforeConvertCallback;
import io.scyllaboot.spring.core.mapping.event.ReactiveBeforeSaveCallback;
import io.scyllaboot.spring.core.mapping.event.ScyllaMappingEvent;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.core.annotation.Order;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;
import org.springframework.data.domain.ReactiveAuditorAware;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The reactive template and repositories in a Spring context against the real node: reactive
 * auditing ({@code @EnableReactiveScyllaAuditing} with a {@code ReactiveAuditorAware}), reactive
 * entity callbacks and mapping events, all off the driver's I/O threads (a listener may block).
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveLifecycleIT {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "reactive_lifecycle",
          "memo (id text PRIMARY KEY, text text, created_by text, created_at timestamp,"
              + " modified_by text, modified_at timestamp, version bigint)",
          "pet (id text PRIMARY KEY, name text)");

  private static CqlSession session;

  static final AtomicReference<String> auditor = new AtomicReference<>("alice");
  static final List<String> calls = new CopyOnWriteArrayList<>();
  static final List<ScyllaMappingEvent<?>> events = new CopyOnWriteArrayList<>();
  static final List<String> onDriverThread = new CopyOnWriteArrayList<>();

  @Table("memo")
  static class Memo {
    @PartitionKey String id;
    String text;
    @CreatedBy String createdBy;
    @CreatedDate Instant createdAt;
    @LastModifiedBy String modifiedBy;
    @LastModifiedDate Instant modifiedAt;
    @Version Long version;

    Memo() {}

    Memo(String id, String text) {
      this.id = id;
      this.text = text;
    }
  }

  @Table("pet")
  record Pet(@PartitionKey String id, String name) {}

  interface MemoRepository extends ReactiveScyllaRepository<Memo, String> {}

  interface PetRepository extends ReactiveScyllaRepository<Pet, String> {}

  private static void where(String what) {
    calls.add(what);
    if (DriverThreads.isDriverThread()) {
      onDriverThread.add(what + " on " + Thread.currentThread().getName());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableReactiveScyllaAuditing
  static class Config {
    @Bean
    ScyllaMappingContext mappingContext() {
      return new ScyllaMappingContext();
    }

    @Bean
    ReactiveScyllaTemplate reactiveScyllaTemplate(ScyllaMappingContext mappingContext) {
      return new ReactiveScyllaTemplate(session, new ScyllaEntityConverter(mappingContext));
    }

    @Bean
    ReactiveAuditorAware<String> auditorAware() {
      return () -> Mono.fromSupplier(auditor::get);
    }

    @Bean
    ReactiveBeforeConvertCallback<Pet> upperCase() {
      return (pet, table) -> {
        where("beforeConvert " + table + " " + pet.name());
        return Mono.just(new Pet(pet.id(), pet.name().toUpperCase()));
      };
    }

    @Bean
    ReactiveBeforeSaveCallback<Pet> beforeSave() {
      return (Pet pet, String table, Statement<?> statement) -> {
        where("beforeSave " + pet.name() + " " + (statement != null));
        return Mono.just(pet);
      };
    }

    @Bean
    ReactiveAfterConvertCallback<Pet> afterConvert() {
      return (pet, table) -> {
        where("afterConvert " + pet.name());
        return Mono.just(new Pet(pet.id(), pet.name() + "!"));
      };
    }

    @EventListener
    @Order(1)
    void on(ScyllaMappingEvent<?> event) {
      where(event.getClass().getSimpleName());
      events.add(event);
    }

    /** Blocks on another statement: on a driver I/O thread this would stall its event loop. */
    @EventListener
    @Order(2)
    void countAfterSave(AfterSaveEvent<?> event) {
      calls.add("count after save " + session.execute("SELECT COUNT(*) FROM pet").one().getLong(0));
    }
  }

  private AnnotationConfigApplicationContext context;
  private ReactiveScyllaTemplate template;
  private MemoRepository memos;
  private PetRepository pets;

  @BeforeAll
  static void connect() {
    session = keyspace.session();
  }

  @BeforeEach
  void start() {
    session.execute("TRUNCATE memo");
    session.execute("TRUNCATE pet");
    auditor.set("alice");
    calls.clear();
    events.clear();
    onDriverThread.clear();
    context = new AnnotationConfigApplicationContext(Config.class);
    template = context.getBean(ReactiveScyllaTemplate.class);
    ReactiveScyllaRepositoryFactory factory = new ReactiveScyllaRepositoryFactory(template, null);
    memos = factory.getRepository(MemoRepository.class);
    pets = factory.getRepository(PetRepository.class);
  }

  @AfterEach
  void stop() {
    context.close();
  }

  @Test
  void should_audit_with_the_reactive_auditor_on_create_and_on_update() {
    Memo created = memos.save(new Memo("m1", "draft")).block(WAIT);
    assertThat(created.createdBy).isEqualTo("alice");
    assertThat(created.modifiedBy).isEqualTo("alice");
    assertThat(created.createdAt).isNotNull();
    assertThat(created.version).isZero();

    auditor.set("bob");
    created.text = "final";
    Memo updated = memos.save(created).block(WAIT);
    assertThat(updated.version).isEqualTo(1L);

    StepVerifier.create(memos.findById("m1"))
        .assertNext(
            stored -> {
              assertThat(stored.text).isEqualTo("final");
              assertThat(stored.createdBy).as("kept from the creation").isEqualTo("alice");
              assertThat(stored.modifiedBy).isEqualTo("bob");
              assertThat(stored.createdAt).isNotNull();
              assertThat(stored.modifiedAt).isAfterOrEqualTo(stored.createdAt);
            })
        .verifyComplete();
  }

  @Test
  void should_run_reactive_callbacks_and_publish_events_off_the_io_threads() {
    StepVerifier.create(pets.save(new Pet("p1", "rex")))
        .expectNext(new Pet("p1", "REX"))
        .verifyComplete();
    assertThat(session.execute("SELECT name FROM pet WHERE id = 'p1'").one().getString(0))
        .as("what the before-convert callback returned is written")
        .isEqualTo("REX");
    StepVerifier.create(pets.findById("p1")).expectNext(new Pet("p1", "REX!")).verifyComplete();
    StepVerifier.create(template.select("SELECT * FROM pet", Pet.class))
        .expectNext(new Pet("p1", "REX!"))
        .verifyComplete();
    StepVerifier.create(pets.delete(new Pet("p1", "REX"))).verifyComplete();

    assertThat(calls)
        .containsExactly(
            "beforeConvert pet rex",
            "BeforeSaveEvent",
            "beforeSave REX true",
            "AfterSaveEvent",
            "count after save 1",
            "AfterLoadEvent",
            "AfterConvertEvent",
            "afterConvert REX",
            "AfterLoadEvent",
            "AfterConvertEvent",
            "afterConvert REX",
            "BeforeDeleteEvent",
            "AfterDeleteEvent");
    assertThat(events.get(0)).isInstanceOf(BeforeSaveEvent.class);
    assertThat(events.get(1).getSource()).isEqualTo(new Pet("p1", "REX"));
    assertThat(events.get(2)).isInstanceOf(AfterLoadEvent.class);
    assertThat(events.get(events.size() - 1)).isInstanceOf(AfterDeleteEvent.class);
    assertThat(events).allSatisfy(event -> assertThat(event.getTableName()).isEqualTo("pet"));
    assertThat(onDriverThread).isEmpty();
  }

  @Test
  void should_publish_after_delete_for_a_delete_by_id_and_stay_silent_when_disabled() {
    pets.save(new Pet("p2", "tom")).block(WAIT);
    StepVerifier.create(pets.deleteById("p2").then(pets.existsById("p2")))
        .expectNext(false)
        .verifyComplete();
    assertThat(events.get(events.size() - 1))
        .isInstanceOfSatisfying(
            AfterDeleteEvent.class, event -> assertThat(event.getSource()).isEqualTo("p2"));

    events.clear();
    template.setEntityLifecycleEventsEnabled(false);
    pets.save(new Pet("p3", "kit")).block(WAIT);
    assertThat(events).isEmpty();
    assertThat(onDriverThread).isEmpty();
  }
}
