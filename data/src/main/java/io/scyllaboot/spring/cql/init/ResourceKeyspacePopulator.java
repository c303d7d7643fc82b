package io.scyllaboot.spring.cql.init;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.springframework.core.io.Resource;

/**
 * Populates a keyspace from CQL scripts, e.g. {@code new ResourceKeyspacePopulator(new
 * ClassPathResource("schema.cql"))}: the scripts run in order, each split by {@link
 * CqlScriptSplitter}, each statement executed in the session's keyspace. The first failing
 * statement stops the population with a {@link ScriptStatementFailedException} naming the script,
 * the line and the server's message.
 */
public class ResourceKeyspacePopulator implements KeyspacePopulator {
  private final List<Resource> scripts = new ArrayList<>();
  private Charset encoding = StandardCharsets.UTF_8;

  public ResourceKeyspacePopulator(Resource... scripts) {
    this.scripts.addAll(List.of(scripts));
  }

  /** Adds a script to run after the ones already added. */
  public ResourceKeyspacePopulator addScript(Resource script) {
    scripts.add(script);
    return this;
  }

  /** The scripts' encoding; UTF-8 by default. */
  public ResourceKeyspacePopulator setEncoding(Charset encoding) {
    this.encoding = encoding;
    return this;
  }

  @Override
  public void populate(CqlSession session) {
    for (Resource script : scripts) {
      String name = script.getDescription();
      for (CqlScriptStatement statement : CqlScriptSplitter.split(name, read(script, name))) {
        try (ResultSet ignored = session.execute(statement.cql())) {
          // DDL and writes: nothing to read.
        } catch (RuntimeException e) {
          throw new ScriptStatementFailedException(name, statement, e);
        }
      }
    }
  }

  private String read(Resource script, String name) {
    try (InputStream in = script.getInputStream()) {
      return new String(in.readAllBytes(), encoding);
    } catch (IOException e) {
      throw new CqlScriptException(name, 0, "cannot read the script: " + e.getMessage(), e);
    }
  }
}
