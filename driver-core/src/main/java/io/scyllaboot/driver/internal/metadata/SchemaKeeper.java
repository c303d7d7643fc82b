package io.scyllaboot.driver.internal.metadata;

import io.netty.util.concurrent.EventExecutor;
import io.scyllaboot.driver.api.metadata.SchemaChange;
import io.scyllaboot.driver.api.metadata.SchemaChangeListener;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the session's schema snapshot: reads it at start-up, again a short window after a burst of
 * schema events (one read for the burst), and after this session's DDL; publishes each read on the
 * admin executor, newest read wins, and tells the listeners what changed. When disabled it keeps
 * nothing and every read is on demand.
 */
public final class SchemaKeeper {
  private static final Logger LOG = LoggerFactory.getLogger(SchemaKeeper.class);
  private static final SchemaMetadata EMPTY = new SchemaRecords.Schema(Map.of());

  private final ControlConnection control;
  private final EventExecutor admin;
  private final long debounceMillis;
  private final boolean enabled;
  private final List<String> keyspaces;
  private final List<SchemaChangeListener> listeners;
  private final AtomicLong reads = new AtomicLong();
  private volatile SchemaMetadata current = EMPTY;
  private long published; // admin executor only: the sequence number of the current snapshot
  private boolean refreshScheduled; // admin executor only
  private volatile boolean closed;

  public SchemaKeeper(
      ControlConnection control,
      EventExecutor admin,
      long debounceMillis,
      boolean enabled,
      List<String> keyspaces,
      List<SchemaChangeListener> listeners) {
    this.control = control;
    this.admin = admin;
    this.debounceMillis = debounceMillis;
    this.enabled = enabled;
    this.keyspaces = List.copyOf(keyspaces);
    this.listeners = List.copyOf(listeners);
  }

  public boolean enabled() {
    return enabled;
  }

  /** The kept snapshot (empty before the first read, and always when disabled). */
  public SchemaMetadata current() {
    return current;
  }

  /** Reads the schema now; when enabled, completes once the read is the kept snapshot. */
  public CompletionStage<SchemaMetadata> read() {
    long sequence = reads.incrementAndGet();
    CompletionStage<SchemaMetadata> read = SchemaReader.read(control, keyspaces);
    if (!enabled) {
      return read;
    }
    return read.thenCompose(
        schema -> {
          CompletableFuture<SchemaMetadata> kept = new CompletableFuture<>();
          admin.execute(
              () -> {
                publish(sequence, schema);
                kept.complete(schema);
              });
          return kept;
        });
  }

  /**
   * Reads the schema and never fails: a failed read is logged and the kept snapshot stays (the next
   * event or DDL reads again). Completes when the read is kept; nothing to do when disabled.
   */
  public CompletionStage<Void> refresh() {
    if (!enabled || closed) {
      return CompletableFuture.completedFuture(null);
    }
    return read()
        .handle(
            (schema, error) -> {
              if (error != null && !closed) {
                LOG.warn("schema refresh failed: {}", error.getMessage());
              }
              return null;
            });
  }

  /** A schema event arrived: one refresh a short window later for the whole burst. Admin only. */
  public void scheduleRefresh() {
    if (!enabled || refreshScheduled || closed) {
      return;
    }
    refreshScheduled = true;
    admin.schedule(
        () -> {
          refreshScheduled = false;
          refresh();
        },
        debounceMillis,
        TimeUnit.MILLISECONDS);
  }

  /** Admin executor only. */
  private void publish(long sequence, SchemaMetadata schema) {
    if (sequence <= published || closed) {
      return; // a later read was kept already: this one is older
    }
    SchemaMetadata before = current;
    boolean first = published == 0;
    published = sequence;
    current = schema;
    if (first || listeners.isEmpty()) {
      return;
    }
    for (SchemaChange change : SchemaDiff.between(before, schema)) {
      for (SchemaChangeListener listener : listeners) {
        try {
          listener.onSchemaChange(change, schema);
        } catch (RuntimeException e) {
          LOG.warn("schema change listener {} failed on {}", listener, change, e);
        }
      }
    }
  }

  public void close() {
    closed = true;
  }
}
