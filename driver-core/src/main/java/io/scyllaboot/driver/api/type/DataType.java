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
