package io.scyllaboot.autoconfigure;

import java.util.Arrays;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains a bad {@code scylla.*} value at start-up: which property, which value, and what is
 * accepted (the enum's values, or the setter's rule).
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ScyllaPropertiesFailureAnalyzer extends AbstractFailureAnalyzer<BindException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
    String name = cause.getName().toString();
    if (!name.startsWith("scylla")) {
      return null;
    }
    ConfigurationProperty property = cause.getProperty();
    Object value = property == null ? null : property.getValue();
    Throwable reason = cause;
    while (reason.getCause() != null) {
      reason = reason.getCause();
    }
    Class<?> type = cause.getTarget().getType().resolve();
    String accepted =
        type != null && type.isEnum()
            ? "use one of " + Arrays.toString(type.getEnumConstants())
            : reason.getMessage();
    String description =
        "Invalid value for property '"
            + name
            + "': '"
            + value
            + "'"
            + (property != null && property.getOrigin() != null
                ? " (from " + property.getOrigin() + ")"
                : "")
            + ".\nReason: "
            + reason.getMessage();
    String action = "Update '" + name + "' in your configuration: " + accepted + ".";
    return new FailureAnalysis(description, action, cause);
  }
}
