package com.example.stock.bins;

import com.datastax.oss.driver.api.mapper.annotations.ClusteringColumn;
import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;
import java.time.Instant;

/** A storage bin of a warehouse, mapped by the driver's object mapper to the table bins. */
@Entity
@CqlName("bins")
public class Bin {
  @PartitionKey private String warehouse;
  @ClusteringColumn private String code;
  private String sku;
  private Integer capacity;
  private Instant updatedAt;

  public Bin() {}

  public Bin(String warehouse, String code, String sku, Integer capacity) {
    this.warehouse = warehouse;
    this.code = code;
    this.sku = sku;
    this.capacity = capacity;
  }

  public String getWarehouse() {
    return warehouse;
  }

  public void setWarehouse(String warehouse) {
    this.warehouse = warehouse;
  }

  public String getCode() {
    return code;
  }

  public void setCode(String code) {
    this.code = code;
  }

  public String getSku() {
    return sku;
  }

  public void setSku(String sku) {
    this.sku = sku;
  }

  public Integer getCapacity() {
    return capacity;
  }

  public void setCapacity(Integer capacity) {
    this.capacity = capacity;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public void setUpdatedAt(Instant updatedAt) {
    this.updatedAt = updatedAt;
  }
}
