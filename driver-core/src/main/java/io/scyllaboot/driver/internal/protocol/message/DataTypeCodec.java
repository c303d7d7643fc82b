package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.util.ArrayList;
import java.util.List;

/** Reads, skips and writes a type {@code [option]} (section 4.2.5.2 of the specification). */
public final class DataTypeCodec {
  static final int CUSTOM = 0x0000;
  static final int LIST = 0x0020;
  static final int MAP = 0x0021;
  static final int SET = 0x0022;
  static final int UDT = 0x0030;
  static final int TUPLE = 0x0031;

  /**
   * Types nest deeper than this in no real schema; the bound keeps recursion off the stack's end.
   */
  public static final int MAX_DEPTH = 64;

  private DataTypeCodec() {}

  public static DataType read(ByteBuf in) {
    return read(in, 0);
  }

  private static void checkDepth(int depth) {
    if (depth > MAX_DEPTH) {
      throw new IllegalArgumentException("type option nested deeper than " + MAX_DEPTH + " levels");
    }
  }

  private static DataType read(ByteBuf in, int depth) {
    checkDepth(depth);
    int id = in.readUnsignedShort();
    PrimitiveType primitive = PrimitiveType.fromProtocolId(id);
    if (primitive != null) {
      return primitive;
    }
    return switch (id) {
      case CUSTOM -> CustomTypeNames.parse(Primitives.readString(in));
      case LIST -> new DataType.ListType(read(in, depth + 1), false);
      case SET -> new DataType.SetType(read(in, depth + 1), false);
      case MAP -> new DataType.MapType(read(in, depth + 1), read(in, depth + 1), false);
      case UDT -> {
        String keyspace = Primitives.readString(in);
        String name = Primitives.readString(in);
        int n = in.readUnsignedShort();
        Primitives.checkCount(in, n, 4, "UDT field");
        List<String> names = new ArrayList<>(n);
        List<DataType> types = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          names.add(Primitives.readString(in));
          types.add(read(in, depth + 1));
        }
        yield new DataType.UserDefinedType(keyspace, name, names, types);
      }
      case TUPLE -> {
        int n = in.readUnsignedShort();
        Primitives.checkCount(in, n, 2, "tuple component");
        List<DataType> types = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          types.add(read(in, depth + 1));
        }
        yield new DataType.TupleType(types);
      }
      default ->
          throw new IllegalArgumentException("unknown type option id 0x" + Integer.toHexString(id));
    };
  }

  /** Moves past a type option without building it. */
  public static void skip(ByteBuf in) {
    skip(in, 0);
  }

  private static void skip(ByteBuf in, int depth) {
    checkDepth(depth);
    int id = in.readUnsignedShort();
    switch (id) {
      case CUSTOM -> Primitives.skipString(in);
      case LIST, SET -> skip(in, depth + 1);
      case MAP -> {
        skip(in, depth + 1);
        skip(in, depth + 1);
      }
      case UDT -> {
        Primitives.skipString(in);
        Primitives.skipString(in);
        int n = in.readUnsignedShort();
        for (int i = 0; i < n; i++) {
          Primitives.skipString(in);
          skip(in, depth + 1);
        }
      }
      case TUPLE -> {
        int n = in.readUnsignedShort();
        for (int i = 0; i < n; i++) {
          skip(in, depth + 1);
        }
      }
      default -> {
        if (PrimitiveType.fromProtocolId(id) == null) {
          throw new IllegalArgumentException("unknown type option id 0x" + Integer.toHexString(id));
        }
      }
    }
  }

  /** Writes a type option; used by the fake node's server-side codec. */
  public static void write(ByteBuf out, DataType type) {
    if (type instanceof PrimitiveType primitive) {
      out.writeShort(primitive.protocolId());
    } else if (type instanceof DataType.CustomType custom) {
      out.writeShort(CUSTOM);
      Primitives.writeString(out, custom.className());
    } else if (type instanceof DataType.VectorType vector) {
      out.writeShort(CUSTOM);
      Primitives.writeString(out, CustomTypeNames.vectorClassName(vector));
    } else if (type instanceof DataType.ListType list) {
      out.writeShort(LIST);
      write(out, list.element());
    } else if (type instanceof DataType.SetType set) {
      out.writeShort(SET);
      write(out, set.element());
    } else if (type instanceof DataType.MapType map) {
      out.writeShort(MAP);
      write(out, map.key());
      write(out, map.value());
    } else if (type instanceof DataType.UserDefinedType udt) {
      out.writeShort(UDT);
      Primitives.writeString(out, udt.keyspace());
      Primitives.writeString(out, udt.name());
      out.writeShort(udt.fieldNames().size());
      for (int i = 0; i < udt.fieldNames().size(); i++) {
        Primitives.writeString(out, udt.fieldNames().get(i));
        write(out, udt.fieldTypes().get(i));
      }
    } else if (type instanceof DataType.TupleType tuple) {
      out.writeShort(TUPLE);
      out.writeShort(tuple.components().size());
      for (DataType component : tuple.components()) {
        write(out, component);
      }
    }
  }
}
