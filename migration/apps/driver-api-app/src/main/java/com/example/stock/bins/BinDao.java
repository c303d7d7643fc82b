package com.example.stock.bins;

import com.datastax.oss.driver.api.core.PagingIterable;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.mapper.annotations.Dao;
import com.datastax.oss.driver.api.mapper.annotations.Delete;
import com.datastax.oss.driver.api.mapper.annotations.GetEntity;
import com.datastax.oss.driver.api.mapper.annotations.Insert;
import com.datastax.oss.driver.api.mapper.annotations.Query;
import com.datastax.oss.driver.api.mapper.annotations.QueryProvider;
import com.datastax.oss.driver.api.mapper.annotations.Select;
import com.datastax.oss.driver.api.mapper.annotations.Update;
import java.util.Optional;

/** Bins, through the mapper's generated (or, after the switch, run-time) implementation. */
@Dao
public interface BinDao {

  @Insert
  void save(Bin bin);

  /** Takes a bin that nobody holds yet: false when it is taken. */
  @Insert(ifNotExists = true)
  boolean claim(Bin bin);

  @Select
  Optional<Bin> find(String warehouse, String code);

  @Select
  PagingIterable<Bin> inWarehouse(String warehouse);

  /** The template's non-null properties are written; the others keep their values. */
  @Update
  void update(Bin template);

  @Delete
  void delete(Bin bin);

  @Query("SELECT count(*) FROM bins WHERE warehouse = :warehouse")
  long count(String warehouse);

  @GetEntity
  Bin asBin(Row row);

  /** Moves a bin's contents to another code of the same warehouse, in one logged batch. */
  @QueryProvider(providerClass = BinMoves.class, entityHelpers = Bin.class)
  void move(Bin bin, String newCode);
}
