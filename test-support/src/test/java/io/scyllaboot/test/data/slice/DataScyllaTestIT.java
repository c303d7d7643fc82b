package io.scyllaboot.test.data.slice;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaRepositoriesAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaTemplateAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.test.WithLocalScyllaNode;
import io.scyllaboot.test.data.AutoConfigureDataScylla;
import io.scyllaboot.test.data.DataScyllaTest;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;

/**
 * The data slice against the local node: the repository of the application's package works, the
 * application's service is not created, the keyspace populator component is, and the
 * auto-configurations outside the slice do not run.
 */
@DataScyllaTest(
    properties = {
      "scylla.keyspace=" + DataScyllaTestIT.KEYSPACE,
      "scylla.schema-action=recreate",
      "scylla.request.timeout=30s"
    })
@WithLocalScyllaNode(reuse = true) // the node may be a CI script's
class DataScyllaTestIT {
  static final String KEYSPACE = "data_scylla_test_it";

  @Autowired NoteRepository notes;
  @Autowired ReactiveNoteRepository reactiveNotes;
  @Autowired ApplicationContext context;
  @Autowired CqlSession session;

  @AfterAll
  static void dropKeyspace(@Autowired CqlSession session) {
    session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE).close();
  }

  @Test
  void should_create_the_repository_and_leave_the_service_out() {
    notes.save(new Note("n1", "buy milk"));
    assertThat(notes.findById("n1")).isEqualTo(Optional.of(new Note("n1", "buy milk")));

    assertThat(context.getBeanNamesForType(NoteService.class)).isEmpty();
    assertThat(context.getBeanNamesForType(CqlTemplate.class)).hasSize(1);
    assertThat(context.getBeanNamesForType(SliceKeyspacePopulator.class)).hasSize(1);
    try (ResultSet populated = session.execute("SELECT k FROM populated")) {
      assertThat(populated.one()).isNull();
    }
    assertThat(
            Arrays.stream(context.getBeanDefinitionNames())
                .filter(name -> name.startsWith("io.scyllaboot.autoconfigure.")))
        .as("the slice's auto-configurations (those of @AutoConfigureDataScylla)")
        .contains(
            ScyllaAutoConfiguration.class.getName(),
            ScyllaDataAutoConfiguration.class.getName(),
            ScyllaTemplateAutoConfiguration.class.getName(),
            ScyllaRepositoriesAutoConfiguration.class.getName())
        .noneMatch(name -> name.matches(".*\\.(health|metrics|observation|endpoint)\\..*"));
  }

  @Test
  void should_import_what_data_cassandra_test_imports_ssl_and_templates() {
    assertThat(context.getBeanNamesForType(SslBundles.class)).as("SslAutoConfiguration").hasSize(1);
    assertThat(context.getBeanNamesForType(ScyllaTemplate.class)).hasSize(1);
    assertThat(
            MergedAnnotations.from(DataScyllaTestIT.class, SearchStrategy.TYPE_HIERARCHY)
                .isPresent(AutoConfigureDataScylla.class))
        .isTrue();
  }

  @Test
  void should_create_the_reactive_repository_and_template_as_data_cassandra_test_does() {
    assertThat(context.getBeanNamesForType(ReactiveScyllaTemplate.class)).hasSize(1);
    reactiveNotes.save(new Note("r1", "call back")).block();
    assertThat(reactiveNotes.findByIdIn(List.of("r1")).collectList().block())
        .containsExactly(new Note("r1", "call back"));
    assertThat(notes.findById("r1")).contains(new Note("r1", "call back"));
  }
}
