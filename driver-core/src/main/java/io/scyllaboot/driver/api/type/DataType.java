package io.scyllaboot.driver.api.type;

/**
 * The CQL type of a column or bind marker, as the server describes it in result and prepared
 * metadata.
 *
 * <p>Callers never pass a {@code DataType} to bind a value: the driver picks the encoding from the
 * metadata. Data types appear in {@link io.scyllaboot.driver.api.cql.ColumnDefinition}s and in
 * error messages. Implementations are immutable and compare by value.
 */
public sealed interface DataType
    permits PrimitiveType,
        DataType.ListType,
        DataType.SetType,
        DataType.MapType,
        DataType.TupleType,
        DataType.UserDefinedType,
        DataType.VectorType,
        DataType.CustomType {

  /** The type as it is written in CQL, for example {@code map<text, frozen<list<int>>>}. */
  String asCql();

  /** {@code list<element>}. */
  record ListType(DataType element, boolean frozen) implements DataType {
    @Override
    public String asCql() {
      return wrapFrozen("list<" + element.asCql() + ">", frozen);
    }
  }

  /** {@code set<element>}. */
  record SetType(DataType element, boolean frozen) implements DataType {
    @Override
    public String asCql() {
      return wrapFrozen("set<" + element.asCql() + ">", frozen);
    }
  }

  /** {@code map<key, value>}. */
  record MapType(DataType key, DataType value, boolean frozen) implements DataType {
    @Override
    public String asCql() {
      return wrapFrozen("map<" + key.asCql() + ", " + value.asCql() + ">", frozen);
    }
  }

  /** {@code tuple<...>}; tuples are always frozen. */
  record TupleType(java.util.List<DataType> components) implements DataType {
    /**
     * A value of this type: the values fill the components in order, the components after them are
     * null (the DataStax driver's {@code TupleType.newValue(..)}).
     *
     * @throws IllegalArgumentException when there are more values than components
     */
    public TupleValue newValue(Object... values) {
      if (values.length > components.size()) {
        throw new IllegalArgumentException(
            asCql()
                + " has "
                + components.size()
                + " components, "
                + values.length
                + " values given");
      }
      return TupleValue.of(java.util.Arrays.copyOf(values, components.size()));
    }

    public TupleType {
      components = java.util.List.copyOf(components);
    }

    @Override
    public String asCql() {
      StringBuilder cql = new StringBuilder("tuple<");
      for (int i = 0; i < components.size(); i++) {
        cql.append(i == 0 ? "" : ", ").append(components.get(i).asCql());
      }
      return cql.append('>').toString();
    }
  }

  /** A user-defined type: its keyspace, name and fields in declaration order. */
  record UserDefinedType(
      String keyspace,
      String name,
      java.util.List<String> fieldNames,
      java.util.List<DataType> fieldTypes)
      implements DataType {
    /**
     * A value of this type: the values fill the fields in declaration order, the fields after them
     * are null (the DataStax driver's {@code UserDefinedType.newValue(..)}).
     *
     * @throws IllegalArgumentException when there are more values than fields
     */
    public UdtValue newValue(Object... values) {
      if (values.length > fieldNames.size()) {
        throw new IllegalArgumentException(
            asCql() + " has " + fieldNames.size() + " fields, " + values.length + " values given");
      }
      java.util.Map<String, Object> fields = new java.util.LinkedHashMap<>();
      for (int i = 0; i < fieldNames.size(); i++) {
        fields.put(fieldNames.get(i), i < values.length ? values[i] : null);
      }
      return UdtValue.of(fields);
    }

    public UserDefinedType {
      fieldNames = java.util.List.copyOf(fieldNames);
      fieldTypes = java.util.List.copyOf(fieldTypes);
      if (fieldNames.size() != fieldTypes.size()) {
        throw new IllegalArgumentException(
            "UDT "
                + name
                + ": "
                + fieldNames.size()
                + " names for "
                + fieldTypes.size()
                + " types");
      }
    }

    @Override
    public String asCql() {
      return "frozen<" + keyspace + "." + name + ">";
    }
  }

  /** Cassandra 5's {@code vector<element, dimensions>}. */
  record VectorType(DataType element, int dimensions) implements DataType {
    @Override
    public String asCql() {
      return "vector<" + element.asCql() + ", " + dimensions + ">";
    }
  }

  /** A custom type the driver knows only by its server-side class name; values are raw bytes. */
  record CustomType(String className) implements DataType {
    @Override
    public String asCql() {
      return "'" + className + "'";
    }
  }

  private static String wrapFrozen(String cql, boolean frozen) {
    return frozen ? "frozen<" + cql + ">" : cql;
  }
}
