package io.scyllaboot.test.data.slice;

import org.springframework.stereotype.Service;

/** A service of the application: not part of a data slice. */
@Service
public class NoteService {
  private final NoteRepository notes;

  public NoteService(NoteRepository notes) {
    this.notes = notes;
  }

  public long count() {
    return notes.count();
  }
}
