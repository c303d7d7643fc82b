package com.example.twin;

import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.cassandra.core.mapping.Table;

/** A customer; concurrent edits are caught by the version (a conditional write). */
@Table("customers")
public class Customer {

  @Id private UUID id;
  private String name;
  private String email;
  private String city;
  @Version private Long version;

  public Customer() {}

  public Customer(UUID id, String name, String email, String city) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.city = city;
  }

  public UUID getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public String getEmail() {
    return email;
  }

  public void setEmail(String email) {
    this.email = email;
  }

  public String getCity() {
    return city;
  }

  public Long getVersion() {
    return version;
  }
}
