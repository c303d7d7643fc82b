package io.scyllaboot.driver.api.type;

import io.scyllaboot.driver.api.ProtocolVersion;
import java.nio.ByteBuffer;
import org.jspecify.annotations.Nullable;

/**
 * A codec written byte by byte, in the DataStax driver's shape: it maps an application type to the
 * bytes of one CQL type. Registered on the session builder ({@code
 * CqlSession.builder().addTypeCodecs(codec)}), it is used as a {@link MappingCodec} is: binding a
 * value of its Java type to a marker of its CQL type, and {@code row.get(column, JavaType.class)}
 * on a column of its CQL type; the driver converts between those bytes and the CQL type's own Java
 * value (a {@code String} for {@code text}), so only that type's values go through it. Prefer a
 * {@link MappingCodec}, which skips the bytes. Implementations must be thread-safe.
 *
 * @param <T> the application's type
 */
public interface TypeCodec<T> {

  /** The application's type. */
  GenericType<T> getJavaType();

  /** The CQL type whose bytes {@link #encode} writes. */
  DataType getCqlType();

  /** The value's bytes ({@code null}: a null value). */
  @Nullable ByteBuffer encode(@Nullable T value, ProtocolVersion protocolVersion);

  /** The value of these bytes ({@code null} bytes: a null value). */
  @Nullable T decode(@Nullable ByteBuffer bytes, ProtocolVersion protocolVersion);

  /** The value as a CQL literal. */
  String format(@Nullable T value);

  /** The value of a CQL literal. */
  @Nullable T parse(@Nullable String value);
}
