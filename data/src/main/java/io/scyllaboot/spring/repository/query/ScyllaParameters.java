package io.scyllaboot.spring.repository.query;

import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.WriteOptions;
import java.util.List;
import org.springframework.core.MethodParameter;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.Parameters;
import org.springframework.data.repository.query.ParametersSource;

/**
 * A query method's parameters, where a {@link QueryOptions} or {@link WriteOptions} parameter (at
 * most one) is special, as a {@code Pageable} is: it sets the statement's options (consistency,
 * page size, timeout, a write's timestamp) instead of being bound to a marker.
 */
public final class ScyllaParameters extends Parameters<ScyllaParameters, ScyllaParameters.Option> {
  private final int optionsIndex;

  ScyllaParameters(ParametersSource source) {
    super(source, parameter -> new Option(parameter, source.getDomainTypeInformation()));
    this.optionsIndex = optionsIndex(this);
  }

  private ScyllaParameters(List<Option> parameters) {
    super(parameters);
    this.optionsIndex = optionsIndex(this);
  }

  private static int optionsIndex(ScyllaParameters parameters) {
    int found = -1;
    for (Option parameter : parameters) {
      if (parameter.isOptions()) {
        if (found >= 0) {
          throw new IllegalStateException(
              "a query method takes one QueryOptions or WriteOptions parameter at most, not two"
                  + " (parameters "
                  + found
                  + " and "
                  + parameter.getIndex()
                  + ")");
        }
        found = parameter.getIndex();
      }
    }
    return found;
  }

  @Override
  protected ScyllaParameters createFrom(List<Option> parameters) {
    return new ScyllaParameters(parameters);
  }

  /** The index of the {@code QueryOptions}/{@code WriteOptions} parameter, or -1. */
  public int getOptionsIndex() {
    return optionsIndex;
  }

  /** One parameter; a {@code QueryOptions} or {@code WriteOptions} one is special. */
  public static final class Option extends Parameter {
    private final boolean options;

    Option(MethodParameter parameter, TypeInformation<?> domainType) {
      super(parameter, domainType);
      Class<?> type = parameter.getParameterType();
      this.options =
          QueryOptions.class.isAssignableFrom(type) || WriteOptions.class.isAssignableFrom(type);
    }

    /** Whether this parameter holds the statement's options. */
    boolean isOptions() {
      return options;
    }

    @Override
    public boolean isSpecialParameter() {
      return options || super.isSpecialParameter();
    }
  }
}
