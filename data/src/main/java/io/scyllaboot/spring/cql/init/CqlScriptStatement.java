package io.scyllaboot.spring.cql.init;

/**
 * One statement of a CQL script, without its terminating semicolon and without comments.
 *
 * @param cql the statement's text
 * @param line the 1-based line of the script where the statement starts
 */
public record CqlScriptStatement(String cql, int line) {}
