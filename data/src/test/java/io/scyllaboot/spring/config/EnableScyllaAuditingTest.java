package io.scyllaboot.spring.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.core.RecordingSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;
import java.time.temporal.TemporalAccessor;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.data.domain.AuditorAware;

/** Auditing sets created/modified dates and users before the entity is converted. */
class EnableScyllaAuditingTest {
  static final AtomicReference<Instant> now = new AtomicReference<>();
  static final AtomicReference<String> user = new AtomicReference<>();

  @Table("doc")
  static class Doc {
    @PartitionKey String id;
    @CreatedDate Instant createdAt;
    @LastModifiedDate Instant modifiedAt;
    @CreatedBy String createdBy;
    @LastModifiedBy String modifiedBy;

    Doc(String id) {
      this.id = id;
    }
  }

  @Table("generated")
  static class Generated {
    @Id UUID id;
    @CreatedDate Instant createdAt;
    @LastModifiedDate Instant modifiedAt;
  }

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaAuditing(auditorAwareRef = "auditor", dateTimeProviderRef = "clock")
  static class Config extends Beans {}

  /** The beans every configuration shares; no auditing annotation, so each one sets its own. */
  static class Beans {
    @Bean
    ScyllaMappingContext mappingContext() {
      return new ScyllaMappingContext();
    }

    @Bean
    RecordingSession recordingSession() {
      return new RecordingSession();
    }

    @Bean
    ScyllaTemplate scyllaTemplate(RecordingSession recording, ScyllaMappingContext context) {
      return new ScyllaTemplate(recording.session, new ScyllaEntityConverter(context));
    }

    @Bean
    AuditorAware<String> auditor() {
      return () -> Optional.ofNullable(user.get());
    }

    @Bean
    DateTimeProvider clock() {
      return () -> Optional.<TemporalAccessor>ofNullable(now.get());
    }
  }

  @Test
  void should_set_creation_once_and_modification_on_every_write() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Config.class)) {
      ScyllaTemplate template = context.getBean(ScyllaTemplate.class);
      RecordingSession recording = context.getBean(RecordingSession.class);
      Instant t1 = Instant.parse("2026-01-01T00:00:00Z");
      Instant t2 = Instant.parse("2026-01-02T00:00:00Z");

      now.set(t1);
      user.set("alice");
      Doc doc = template.insert(new Doc("d1"));
      assertThat(doc.createdAt).isEqualTo(t1);
      assertThat(doc.modifiedAt).isEqualTo(t1);
      assertThat(doc.createdBy).isEqualTo("alice");
      assertThat(doc.modifiedBy).isEqualTo("alice");
      // Audited before conversion: the statement binds the dates.
      assertThat(recording.bound.get(0)).containsExactly("d1", t1, t1, "alice", "alice");

      now.set(t2);
      user.set("bob");
      template.update(doc);
      assertThat(doc.createdAt).isEqualTo(t1);
      assertThat(doc.createdBy).isEqualTo("alice");
      assertThat(doc.modifiedAt).isEqualTo(t2);
      assertThat(doc.modifiedBy).isEqualTo("bob");
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaAuditing(dateTimeProviderRef = "clock", modifyOnCreate = false)
  static class NoModifyOnCreate extends Beans {}

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaAuditing(auditorAwareRef = "auditor", setDates = false)
  static class NoDates extends Beans {}

  @Test
  void should_honour_modify_on_create_and_set_dates() {
    now.set(Instant.parse("2026-01-01T00:00:00Z"));
    user.set("carol");
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(NoModifyOnCreate.class)) {
      Doc doc = context.getBean(ScyllaTemplate.class).insert(new Doc("d2"));
      assertThat(doc.createdAt).isEqualTo(now.get());
      assertThat(doc.modifiedAt).isNull();
    }
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(NoDates.class)) {
      Doc doc = context.getBean(ScyllaTemplate.class).insert(new Doc("d3"));
      assertThat(doc.createdAt).isNull();
      assertThat(doc.createdBy).isEqualTo("carol");
    }
  }

  @Test
  void should_decide_new_by_the_id_when_there_is_one() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Config.class)) {
      ScyllaTemplate template = context.getBean(ScyllaTemplate.class);
      now.set(Instant.parse("2026-01-01T00:00:00Z"));
      Generated known = new Generated();
      known.id = UUID.randomUUID();
      template.insert(known);
      // An id means "not new": only the modification date is set.
      assertThat(known.createdAt).isNull();
      assertThat(known.modifiedAt).isEqualTo(now.get());
    }
  }
}
