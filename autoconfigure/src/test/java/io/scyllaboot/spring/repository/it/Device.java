package io.scyllaboot.spring.repository.it;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;
import java.util.UUID;
import org.springframework.data.annotation.Transient;

/** A plain class with setters and a single-column key. */
@Table
public class Device {
  @PartitionKey private UUID id;
  private String displayName;
  private Instant installedAt;
  @Transient private String notStored;

  public UUID getId() {
    return id;
  }

  public void setId(UUID id) {
    this.id = id;
  }

  public String getDisplayName() {
    return displayName;
  }

  public void setDisplayName(String displayName) {
    this.displayName = displayName;
  }

  public Instant getInstalledAt() {
    return installedAt;
  }

  public void setInstalledAt(Instant installedAt) {
    this.installedAt = installedAt;
  }

  public String getNotStored() {
    return notStored;
  }

  public void setNotStored(String notStored) {
    this.notStored = notStored;
  }
}
