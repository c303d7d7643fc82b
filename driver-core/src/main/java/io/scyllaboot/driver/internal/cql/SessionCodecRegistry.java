package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
import io.scyllaboot.driver.api.type.CodecRegistry;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.MappingCodec;
import io.scyllaboot.driver.api.type.TypeCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A session's {@link CodecRegistry}: its mapping codecs, and the driver's own codecs. */
public final class SessionCodecRegistry implements CodecRegistry {
  private final MappingCodecs codecs;
  private final ClusterMetadata metadata;

  public SessionCodecRegistry(MappingCodecs codecs, ClusterMetadata metadata) {
    this.codecs = codecs;
    this.metadata = metadata;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> TypeCodec<T> codecFor(DataType cqlType) {
    Objects.requireNonNull(cqlType, "cqlType");
    return new BuiltInTypeCodec<>(
        (io.scyllaboot.driver.internal.protocol.codec.TypeCodec<T>)
            io.scyllaboot.driver.internal.protocol.codec.CodecRegistry.DEFAULT.codecFor(cqlType));
  }

  @Override
  public <T> TypeCodec<T> codecFor(UserTypeMetadata userType) {
    CqlTypeNames names =
        new CqlTypeNames(
            userType.keyspace(),
            (keyspace, name) -> metadata.schema().userType(keyspace, name).orElse(null));
    return codecFor(names.userType(userType));
  }

  @Override
  public void register(MappingCodec<?, ?>... added) {
    codecs.register(List.of(added));
  }

  @Override
  public void register(TypeCodec<?>... added) {
    List<MappingCodec<?, ?>> adapted = new ArrayList<>();
    for (TypeCodec<?> codec : added) {
      adapted.add(ByteCodecAdapter.of(Objects.requireNonNull(codec, "codec")));
    }
    codecs.register(adapted);
  }
}
