package io.scyllaboot.spring.core.it;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;

/** A versioned, audited entity. */
@Table("audited_sensor")
public class Sensor {
  @PartitionKey public String id;
  public String name;
  @Version public Long version;
  @CreatedDate public Instant createdAt;
  @LastModifiedDate public Instant modifiedAt;
  @CreatedBy public String createdBy;

  public Sensor() {}

  public Sensor(String id, String name) {
    this.id = id;
    this.name = name;
  }
}
