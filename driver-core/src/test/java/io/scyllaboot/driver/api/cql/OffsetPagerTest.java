package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OffsetPagerTest {
  private static final List<Integer> SEVEN = IntStream.rangeClosed(1, 7).boxed().toList();
  private final OffsetPager pager = new OffsetPager(3);

  @Test
  void should_give_the_page_of_a_number_and_say_whether_it_is_the_last() {
    assertThat(pager.page(SEVEN, 1)).isEqualTo(new OffsetPager.Page<>(List.of(1, 2, 3), 1, false));
    assertThat(pager.page(SEVEN, 2)).isEqualTo(new OffsetPager.Page<>(List.of(4, 5, 6), 2, false));
    assertThat(pager.page(SEVEN, 3)).isEqualTo(new OffsetPager.Page<>(List.of(7), 3, true));
  }

  @Test
  void should_give_the_last_page_past_the_end() {
    assertThat(pager.page(SEVEN, 9)).isEqualTo(new OffsetPager.Page<>(List.of(7), 3, true));
    assertThat(pager.page(SEVEN.subList(0, 6), 5))
        .as("a full last page")
        .isEqualTo(new OffsetPager.Page<>(List.of(4, 5, 6), 2, true));
    assertThat(pager.page(List.of(), 2)).isEqualTo(new OffsetPager.Page<>(List.of(), 1, true));
  }

  @Test
  void should_refuse_page_numbers_below_one_and_empty_pages() {
    assertThatThrownBy(() -> pager.page(SEVEN, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("numbered from 1");
    assertThatThrownBy(() -> new OffsetPager(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
