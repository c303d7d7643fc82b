package io.scyllaboot.test.data.slice;

import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import java.util.List;
import reactor.core.publisher.Flux;

/** The slice's reactive repository: a bean in {@code @DataScyllaTest} as the blocking one is. */
public interface ReactiveNoteRepository extends ReactiveScyllaRepository<Note, String> {
  Flux<Note> findByIdIn(List<String> ids);
}
