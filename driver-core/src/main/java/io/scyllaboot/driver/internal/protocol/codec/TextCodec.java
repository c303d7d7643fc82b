package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.nio.charset.StandardCharsets;

/** text/varchar (UTF-8) and ascii (US-ASCII, checked on encode). Accepts any CharSequence. */
final class TextCodec implements TypeCodec<String> {
  private final boolean ascii;

  TextCodec(boolean ascii) {
    this.ascii = ascii;
  }

  @Override
  public DataType cqlType() {
    return ascii ? PrimitiveType.ASCII : PrimitiveType.TEXT;
  }

  @Override
  public Class<String> javaType() {
    return String.class;
  }

  @Override
  public boolean accepts(Object value) {
    if (!(value instanceof CharSequence chars)) {
      return false;
    }
    if (ascii) {
      for (int i = 0; i < chars.length(); i++) {
        if (chars.charAt(i) > 0x7F) {
          return false;
        }
      }
    }
    return true;
  }

  @Override
  public int encodedSize(Object value) {
    CharSequence chars = (CharSequence) value;
    return ascii ? chars.length() : ByteBufUtil.utf8Bytes(chars);
  }

  @Override
  public void encode(Object value, ByteBuf out) {
    if (ascii) {
      ByteBufUtil.writeAscii(out, (CharSequence) value);
    } else {
      Primitives.writeUtf8(out, (CharSequence) value);
    }
  }

  @Override
  public String decode(ByteBuf in, int index, int length) {
    return in.toString(index, length, ascii ? StandardCharsets.US_ASCII : StandardCharsets.UTF_8);
  }
}
