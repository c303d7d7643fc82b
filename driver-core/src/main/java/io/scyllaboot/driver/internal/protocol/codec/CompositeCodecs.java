package io.scyllaboot.driver.internal.protocol.codec;

import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.TupleValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds codecs of collection, tuple, UDT, vector and custom types from their element codecs. */
final class CompositeCodecs {
  private CompositeCodecs() {}

  static TypeCodec<?> build(DataType type, CodecRegistry registry) {
    if (type instanceof DataType.ListType list) {
      return new CollectionCodec(type, registry.codecFor(list.element()), false);
    }
    if (type instanceof DataType.SetType set) {
      return new CollectionCodec(type, registry.codecFor(set.element()), true);
    }
    if (type instanceof DataType.MapType map) {
      return new MapCodec(map, registry.codecFor(map.key()), registry.codecFor(map.value()));
    }
    if (type instanceof DataType.TupleType tuple) {
      List<TypeCodec<?>> components = new ArrayList<>();
      for (DataType component : tuple.components()) {
        components.add(registry.codecFor(component));
      }
      return new TupleCodec(tuple, components);
    }
    if (type instanceof DataType.UserDefinedType udt) {
      List<TypeCodec<?>> fields = new ArrayList<>();
      for (DataType field : udt.fieldTypes()) {
        fields.add(registry.codecFor(field));
      }
      return new UdtCodec(udt, fields);
    }
    if (type instanceof DataType.VectorType vector) {
      return new VectorCodec(vector, registry.codecFor(vector.element()));
    }
    if (type instanceof DataType.CustomType custom) {
      return new CustomCodec(custom);
    }
    throw new IllegalArgumentException("no codec for CQL type " + type.asCql());
  }

  /**
   * Infers the codec of a collection or tuple value from its first element(s); null when it cannot
   * (an empty collection, a null element, an unknown Java type).
   */
  static TypeCodec<?> inferFromValue(Object value, CodecRegistry registry) {
    if (value instanceof List<?> list) {
      DataType element = inferElement(list, registry);
      return element == null ? null : registry.codecFor(new DataType.ListType(element, false));
    }
    if (value instanceof Set<?> set) {
      DataType element = inferElement(set, registry);
      return element == null ? null : registry.codecFor(new DataType.SetType(element, false));
    }
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        return null;
      }
      Map.Entry<?, ?> first = map.entrySet().iterator().next();
      TypeCodec<?> key = first.getKey() == null ? null : registry.codecForValue(first.getKey());
      TypeCodec<?> val = first.getValue() == null ? null : registry.codecForValue(first.getValue());
      return key == null || val == null
          ? null
          : registry.codecFor(new DataType.MapType(key.cqlType(), val.cqlType(), false));
    }
    if (value instanceof TupleValue tuple) {
      List<DataType> components = new ArrayList<>();
      for (Object component : tuple.components()) {
        TypeCodec<?> codec = component == null ? null : registry.codecForValue(component);
        if (codec == null) {
          return null;
        }
        components.add(codec.cqlType());
      }
      return registry.codecFor(new DataType.TupleType(components));
    }
    return null;
  }

  private static DataType inferElement(Collection<?> collection, CodecRegistry registry) {
    if (collection.isEmpty()) {
      return null;
    }
    Object first = collection.iterator().next();
    TypeCodec<?> codec = first == null ? null : registry.codecForValue(first);
    return codec == null ? null : codec.cqlType();
  }
}
