package io.scyllaboot.spring.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.PagingState;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;

/**
 * Spring Data Cassandra's paging-state-as-{@code ByteBuffer} forms, which migrated code calls: a
 * REST controller that hands the next page's state to its client and resumes from it (issue 35's
 * twin application).
 */
class CqlPageRequestBufferTest {

  private static final byte[] STATE = {1, 2, 3, 4};

  @Test
  void of_pageable_and_buffer_starts_at_the_state_with_the_pageables_size_and_sort() {
    Sort sort = Sort.by("placedAt");
    CqlPageRequest request = CqlPageRequest.of(PageRequest.of(1, 20, sort), ByteBuffer.wrap(STATE));

    assertThat(request.getPagingState()).isEqualTo(PagingState.fromBytes(STATE));
    assertThat(request.getPageNumber()).isEqualTo(1);
    assertThat(request.getPageSize()).isEqualTo(20);
    assertThat(request.getSort()).isEqualTo(sort);
    assertThat(request.getPagesToSkip()).isZero();
  }

  @Test
  void of_pageable_and_no_buffer_has_no_state() {
    CqlPageRequest request = CqlPageRequest.of(PageRequest.of(0, 20), (ByteBuffer) null);

    assertThat(request.getPagingState()).isNull();
    assertThat(request.getPagingStateAsBuffer()).isNull();
  }

  @Test
  void buffer_of_a_fetched_slices_request_and_of_its_next_is_where_the_next_page_starts() {
    CqlPageRequest fetched = CqlPageRequest.first(20).fetched(PagingState.fromBytes(STATE));

    assertThat(bytes(fetched.getPagingStateAsBuffer())).containsExactly(STATE);
    CqlPageRequest next = (CqlPageRequest) fetched.next();
    assertThat(bytes(next.getPagingStateAsBuffer())).containsExactly(STATE);
  }

  @Test
  void buffer_of_the_last_fetched_page_is_null() {
    CqlPageRequest last = CqlPageRequest.of(20, PagingState.fromBytes(STATE)).fetched(null);

    assertThat(last.getPagingStateAsBuffer()).isNull();
  }

  @Test
  void buffer_is_a_copy_the_caller_may_consume() {
    CqlPageRequest request = CqlPageRequest.of(20, PagingState.fromBytes(STATE));

    request.getPagingStateAsBuffer().get(new byte[STATE.length]);

    assertThat(bytes(request.getPagingStateAsBuffer())).containsExactly(STATE);
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
