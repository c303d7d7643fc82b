package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.SchemaActionBeforeScripts;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.mapping.ScyllaManagedTypes;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.repository.support.SchemaCreator;

/**
 * {@code scylla.schema-action} for the scanned entities, run by the auto-configured session before
 * the schema scripts; its {@link SchemaCreator} then serves the repositories, so that an entity it
 * recreated is not dropped again (with the scripts' rows) when its repository starts.
 */
final class EntitySchemaAction implements SchemaActionBeforeScripts {
  private final ScyllaMappingContext mappingContext;
  private final ScyllaManagedTypes managedTypes;
  private final SchemaCreator.Action action;
  private SchemaCreator creator;
  private CqlSession creatorSession;

  EntitySchemaAction(
      ScyllaMappingContext mappingContext,
      ScyllaManagedTypes managedTypes,
      SchemaCreator.Action action) {
    this.mappingContext = mappingContext;
    this.managedTypes = managedTypes;
    this.action = action;
  }

  @Override
  public synchronized void run(CqlSession session) {
    SchemaCreator schemaCreator = new SchemaCreator(session, mappingContext, action);
    // Only a recreate must come first; missing tables are created after the scripts, which may
    // create some of them in a shape of their own.
    if (action == SchemaCreator.Action.RECREATE) {
      schemaCreator.createIfNotExists(managedTypes.toList());
    }
    creator = schemaCreator;
    creatorSession = session;
  }

  /**
   * The creator that ran before the scripts on this session, or a new one (the application's own
   * session never ran it); the scanned entities' tables created either way.
   */
  synchronized SchemaCreator creatorFor(CqlSession session) {
    SchemaCreator schemaCreator =
        creatorSession == session ? creator : new SchemaCreator(session, mappingContext, action);
    schemaCreator.createIfNotExists(managedTypes.toList());
    return schemaCreator;
  }
}
