package io.scyllaboot.driver.api.type;

/**
 * A zero-length value: neither null nor any value of its type. CQL allows one for most types (an
 * {@code int} column may hold zero bytes); only a few applications write them.
 *
 * <p><b>Writing:</b> bind {@link #VALUE} to any bind marker, or use it as a {@link TupleValue}
 * component or a {@link UdtValue} field, to send a zero-length value; the server refuses it for the
 * types that have none.
 *
 * <p><b>Reading:</b> {@code Row.isEmpty} tells an empty cell apart. Text types read as {@code ""}
 * and blobs as an empty buffer, their own empty values. Every other type has no empty Java value:
 * {@code getObject}, {@code get} and the object getters return {@code null}, the primitive getters
 * 0 or false (as for null), and collection getters an empty collection. Inside a tuple or UDT, an
 * empty component of such a type reads as {@link #VALUE}.
 */
public enum EmptyValue {
  VALUE;

  /** Whether a component value is written as zero bytes: this marker, "" or an empty blob. */
  static boolean isEmpty(Object value) {
    return value == VALUE
        || (value instanceof CharSequence text && text.isEmpty())
        || (value instanceof java.nio.ByteBuffer bytes && !bytes.hasRemaining())
        || (value instanceof byte[] array && array.length == 0);
  }
}
