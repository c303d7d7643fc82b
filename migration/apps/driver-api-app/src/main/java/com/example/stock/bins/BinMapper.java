package com.example.stock.bins;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.mapper.MapperBuilder;
import com.datastax.oss.driver.api.mapper.annotations.DaoFactory;
import com.datastax.oss.driver.api.mapper.annotations.Mapper;

/** The object mapper's entry point; its builder class is generated at compile time. */
@Mapper
public interface BinMapper {

  @DaoFactory
  BinDao binDao();

  static MapperBuilder<BinMapper> builder(CqlSession session) {
    return new BinMapperBuilder(session);
  }
}
