package io.scyllaboot.test.data.slice;

import io.scyllaboot.spring.repository.ScyllaRepository;

public interface NoteRepository extends ScyllaRepository<Note, String> {}
