package io.scyllaboot.driver.internal.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The DataStax driver's {@code refreshed-keyspaces} notation, as the schema metadata reads it. */
class KeyspaceFilterTest {

  @Test
  void should_leave_out_the_system_keyspaces_by_default() {
    // The builder's default (MetadataOptions), the DataStax driver's.
    KeyspaceFilter filter =
        KeyspaceFilter.of(
            List.of("!system", "!/^system_.*/", "!/^dse_.*/", "!solr_admin", "!OpsCenter"));
    assertThat(List.of("system", "system_schema", "system_auth", "dse_security", "OpsCenter"))
        .noneMatch(filter::accepts);
    assertThat(List.of("shop", "systems", "my_system_x", "opscenter")).allMatch(filter::accepts);
    assertThat(filter.readOnly()).as("read whole, filtered on the client").isEmpty();
    assertThat(filter.acceptsAll()).isFalse();
  }

  @Test
  void should_read_a_list_of_names_with_in() {
    KeyspaceFilter filter = KeyspaceFilter.of(List.of("shop", "Orders"));
    assertThat(filter.readOnly()).containsExactlyInAnyOrder("shop", "Orders");
    assertThat(filter.accepts("Orders")).isTrue();
    assertThat(filter.accepts("orders")).as("case kept").isFalse();
    assertThat(filter.accepts("system")).isFalse();
  }

  @Test
  void should_include_by_pattern_and_exclude_after_including() {
    KeyspaceFilter filter = KeyspaceFilter.of(List.of("/^app_.*/", "!app_tmp", "audit"));
    assertThat(filter.accepts("app_shop")).isTrue();
    assertThat(filter.accepts("audit")).isTrue();
    assertThat(filter.accepts("app_tmp")).isFalse();
    assertThat(filter.accepts("shop")).as("not included").isFalse();
    assertThat(filter.readOnly()).isEmpty();
  }

  @Test
  void should_keep_every_keyspace_for_an_empty_list_or_a_match_all() {
    assertThat(KeyspaceFilter.of(List.of()).acceptsAll()).isTrue();
    assertThat(KeyspaceFilter.of(List.of("/.*/")).accepts("system")).isTrue();
  }

  @Test
  void should_name_an_entry_it_cannot_read() {
    assertThatThrownBy(() -> KeyspaceFilter.of(List.of("/(unclosed/")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("/(unclosed/ is not a valid regular expression");
    assertThatThrownBy(() -> KeyspaceFilter.of(List.of("shop", " ")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("schema keyspaces");
    assertThatThrownBy(() -> KeyspaceFilter.of(List.of("!")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names no keyspace");
  }
}
