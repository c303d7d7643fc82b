package com.example.stock.bins;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.mapper.MapperContext;
import com.datastax.oss.driver.api.mapper.entity.EntityHelper;
import com.datastax.oss.driver.api.mapper.entity.saving.NullSavingStrategy;

/** BinDao.move: written by hand on the entity helper's statements. */
class BinMoves {
  private final CqlSession session;
  private final EntityHelper<Bin> bins;
  private final PreparedStatement insert;
  private final PreparedStatement delete;

  BinMoves(MapperContext context, EntityHelper<Bin> bins) {
    this.session = context.getSession();
    this.bins = bins;
    this.insert = session.prepare(bins.insert().asCql());
    this.delete = session.prepare(bins.deleteByPrimaryKey().asCql());
  }

  void move(Bin bin, String newCode) {
    Bin moved = new Bin(bin.getWarehouse(), newCode, bin.getSku(), bin.getCapacity());
    moved.setUpdatedAt(bin.getUpdatedAt());
    BoundStatementBuilder insertMoved = insert.boundStatementBuilder();
    bins.set(moved, insertMoved, NullSavingStrategy.DO_NOT_SET, false);
    BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.LOGGED);
    batch.addStatement(insertMoved.build());
    batch.addStatement(delete.bind(bin.getWarehouse(), bin.getCode()));
    session.execute(batch.build());
  }
}
