package io.scyllaboot.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Keys of the application that Scylla Boot would not read: {@code spring.cassandra.*} keys without
 * their {@code scylla.*} counterpart, or {@code scylla.*} keys spelled as Spring Boot's.
 */
final class PropertyKeysException extends IllegalStateException {
  private final List<PropertyKeysCheck.Finding> findings;

  PropertyKeysException(List<PropertyKeysCheck.Finding> findings) {
    super(
        findings.stream()
            .map(PropertyKeysCheck.Finding::describe)
            .collect(Collectors.joining("; ")));
    this.findings = List.copyOf(findings);
  }

  List<PropertyKeysCheck.Finding> findings() {
    return findings;
  }
}
