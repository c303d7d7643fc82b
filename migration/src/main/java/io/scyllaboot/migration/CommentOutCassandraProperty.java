package io.scyllaboot.migration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.openrewrite.Option;
import org.openrewrite.Recipe;
import org.openrewrite.properties.AddPropertyComment;
import org.openrewrite.yaml.CommentOutProperty;

/**
 * Comments out a Spring Boot Cassandra key that has no Scylla Boot counterpart, in properties and
 * YAML files, with a note: renamed to an unknown {@code scylla.*} key it would fail start-up, left
 * as it is it would be ignored without a word.
 */
public final class CommentOutCassandraProperty extends Recipe {

  @Option(
      displayName = "Key",
      description = "The spring.cassandra.* key.",
      example = "spring.cassandra.config")
  private final String key;

  @Option(
      displayName = "Reason",
      description = "Why, and what to set instead.",
      example = "no counterpart")
  private final String reason;

  @JsonCreator
  public CommentOutCassandraProperty(
      @JsonProperty("key") String key, @JsonProperty("reason") String reason) {
    this.key = key;
    this.reason = reason;
  }

  public String getKey() {
    return key;
  }

  public String getReason() {
    return reason;
  }

  @Override
  public String getDisplayName() {
    return "Comment out a Cassandra property Scylla Boot has no counterpart of";
  }

  @Override
  public String getDescription() {
    return "Comments out the key in properties and YAML files, saying why and what to set instead.";
  }

  String comment() {
    return "Scylla Boot: "
        + key
        + " has no counterpart ("
        + reason
        + "; "
        + MarkUntranslatedType.SECTION
        + ")";
  }

  @Override
  public List<Recipe> getRecipeList() {
    return List.of(
        new AddPropertyComment(key, comment(), true), new CommentOutProperty(key, comment(), true));
  }
}
