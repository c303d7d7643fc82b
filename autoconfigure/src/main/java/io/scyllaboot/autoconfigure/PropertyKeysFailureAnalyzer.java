package io.scyllaboot.autoconfigure;

import java.util.stream.Collectors;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/** Lists the keys Scylla Boot would not read and the key to set instead of each. */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class PropertyKeysFailureAnalyzer extends AbstractFailureAnalyzer<PropertyKeysException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, PropertyKeysException cause) {
    boolean old = cause.findings().stream().anyMatch(finding -> !finding.misspelled());
    String description =
        "Scylla Boot would not read these properties:\n"
            + cause.findings().stream()
                .map(finding -> "  - " + finding.describe())
                .collect(Collectors.joining("\n"));
    String action =
        "Rename the keys as listed (the migration recipe"
            + " io.scyllaboot.migration.SpringDataCassandraToScyllaBoot does it)."
            + (old
                ? " If Spring Data Cassandra's own starter still reads the spring.cassandra.*"
                    + " keys in this application, set '"
                    + PropertyKeysCheck.MODE_KEY
                    + "=warn' (or ignore)."
                : "");
    return new FailureAnalysis(description, action, cause);
  }
}
