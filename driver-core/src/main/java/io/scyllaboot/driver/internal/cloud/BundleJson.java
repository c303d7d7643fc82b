package io.scyllaboot.driver.internal.cloud;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON document of a secure connect bundle (its {@code config.json}, the metadata service's
 * answer), read with Jackson. Only {@link CloudBundle} touches this class, after checking that
 * Jackson is on the class path: the driver needs it for nothing else.
 */
final class BundleJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final JsonNode root;
  private final String what;

  private BundleJson(JsonNode root, String what) {
    this.root = root;
    this.what = what;
  }

  static BundleJson parse(byte[] json, String what) {
    try {
      JsonNode root = MAPPER.readTree(json);
      if (root == null || !root.isObject()) {
        throw new IllegalArgumentException(what + " is not a JSON object");
      }
      return new BundleJson(root, what);
    } catch (IOException e) {
      throw new IllegalArgumentException(what + " is not valid JSON: " + e.getMessage(), e);
    }
  }

  /** The object under {@code field}, which must be there. */
  BundleJson object(String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isObject()) {
      throw missing(field, "an object");
    }
    return new BundleJson(node, what + "'s " + field);
  }

  String text(String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isValueNode() || node.isNull() || node.asText().isEmpty()) {
      throw missing(field, "a value");
    }
    return node.asText();
  }

  int integer(String field) {
    JsonNode node = root.get(field);
    if (node == null || !(node.canConvertToInt() || node.isTextual())) {
      throw missing(field, "a number");
    }
    try {
      return node.isTextual() ? Integer.parseInt(node.asText()) : node.intValue();
    } catch (NumberFormatException e) {
      throw missing(field, "a number");
    }
  }

  List<String> texts(String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isArray() || node.isEmpty()) {
      throw missing(field, "a non-empty array");
    }
    List<String> values = new ArrayList<>();
    node.forEach(value -> values.add(value.asText()));
    return values;
  }

  boolean has(String field) {
    return root.has(field);
  }

  private IllegalArgumentException missing(String field, String kind) {
    return new IllegalArgumentException(
        "invalid secure connect bundle: " + what + " has no field " + field + " holding " + kind);
  }
}
