package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.scyllaboot.driver.api.error.UnknownProfileException;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.UseProfile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code @UseProfile} puts the profile's name on the statements of a repository's query methods:
 * the test session has no profile of that name, so the method fails with the driver's typed error,
 * while methods without the annotation run.
 */
@ExtendWith(CassandraNodeExtension.class)
class RepositoryProfileIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("repo_profiles");

  private static Notes notes;

  @Table("notes")
  public record Note(@PartitionKey String id, String text) {}

  public interface Notes extends ScyllaRepository<Note, String> {
    @UseProfile("reporting")
    @Query("SELECT * FROM notes WHERE id = ?0")
    Note findForReport(String id);

    @Query("SELECT * FROM notes WHERE id = ?0")
    Note findPlain(String id);
  }

  @BeforeAll
  static void connect() {
    notes =
        keyspace
            .repositories(new ScyllaMappingContext(NamingStrategy.SNAKE_CASE), true)
            .getRepository(Notes.class);
    notes.save(new Note("n1", "hello"));
  }

  @Test
  void should_name_the_profile_on_the_method_statements() {
    Throwable error = catchThrowable(() -> notes.findForReport("n1"));
    while (error != null && !(error instanceof UnknownProfileException)) {
      error = error.getCause();
    }
    assertThat(error)
        .isInstanceOfSatisfying(
            UnknownProfileException.class, e -> assertThat(e.profile()).isEqualTo("reporting"));
    assertThat(notes.findPlain("n1").text()).isEqualTo("hello");
  }
}
