package io.scyllaboot.driver.internal.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DataStax driver's {@code refreshed-keyspaces} notation and rules (its {@code
 * RuleBasedKeyspaceFilter}), as the schema metadata reads them: a migrated setting means the same.
 */
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
  void should_follow_the_datastax_drivers_precedence() {
    KeyspaceFilter namedWins = KeyspaceFilter.of(List.of("system_auth", "!/^system_.*/"));
    assertThat(namedWins.accepts("system_auth")).as("a name included wins over a regex").isTrue();
    assertThat(namedWins.accepts("system_schema")).isFalse();
    assertThat(namedWins.accepts("shop")).as("exclusions only past the names").isTrue();

    KeyspaceFilter namesAndExclusions = KeyspaceFilter.of(List.of("ks1", "!/^tmp/"));
    assertThat(namesAndExclusions.accepts("ks1")).isTrue();
    assertThat(namesAndExclusions.accepts("other")).isTrue();
    assertThat(namesAndExclusions.accepts("tmp1")).isFalse();

    KeyspaceFilter bothWays = KeyspaceFilter.of(List.of("!shop", "shop"));
    assertThat(bothWays.accepts("shop")).as("included and excluded: included").isTrue();

    KeyspaceFilter namedExclusionsOnly = KeyspaceFilter.of(List.of("!system"));
    assertThat(namedExclusionsOnly.accepts("shop"))
        .as("names excluded, nothing else said: nothing held, as in the DataStax driver")
        .isFalse();
  }

  @Test
  void should_find_a_regex_anywhere_in_the_name_and_trim_entries() {
    KeyspaceFilter filter = KeyspaceFilter.of(List.of(" /app/ ", " ! /tmp/ ", " !  app_old "));
    assertThat(filter.accepts("my_app_x")).as("found, not matched whole").isTrue();
    assertThat(filter.accepts("app_tmp")).isFalse();
    assertThat(filter.accepts("app_old")).isFalse();
    assertThat(filter.accepts("shop")).isFalse();
  }

  @Test
  void should_read_names_with_in_even_beside_named_exclusions() {
    assertThat(KeyspaceFilter.of(List.of("a", "!b")).readOnly()).containsExactly("a");
    assertThat(KeyspaceFilter.of(List.of("a", "!/b/")).readOnly()).isEmpty();
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
