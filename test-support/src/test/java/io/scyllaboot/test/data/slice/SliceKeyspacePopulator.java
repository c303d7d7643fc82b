package io.scyllaboot.test.data.slice;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.init.KeyspacePopulator;
import org.springframework.stereotype.Component;

/** A keyspace populator component: part of a data slice. */
@Component
public class SliceKeyspacePopulator implements KeyspacePopulator {
  @Override
  public void populate(CqlSession session) {
    session.execute("CREATE TABLE IF NOT EXISTS populated (k int PRIMARY KEY)").close();
  }
}
