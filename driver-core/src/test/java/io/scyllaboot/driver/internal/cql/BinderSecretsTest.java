package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.MappingCodec;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.DefaultColumnDefinitions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bound values may be secrets (passwords, tokens, card numbers): a refused value is described by
 * its marker, the marker's CQL type and the value's Java type, never by the value itself.
 */
class BinderSecretsTest {
  private static final String SECRET_TEXT = "s3cr3t-api-token-0xDEADBEEF";
  private static final long SECRET_NUMBER = 4_111_111_111_111_111L; // a card number, not an int

  private static final String QUERY = "INSERT INTO vault (id, pin, token) VALUES (?, ?, ?)";
  private static final DefaultColumnDefinitions MARKERS =
      new DefaultColumnDefinitions(
          new ColumnDefinition[] {
            marker("id", PrimitiveType.INT),
            marker("pin", PrimitiveType.INT),
            marker("token", PrimitiveType.BIGINT)
          });
  private static final TypeCodec<?>[] CODECS = {
    CodecRegistry.DEFAULT.codecFor(PrimitiveType.INT),
    CodecRegistry.DEFAULT.codecFor(PrimitiveType.INT),
    CodecRegistry.DEFAULT.codecFor(PrimitiveType.BIGINT)
  };

  private static ColumnDefinition marker(String name, DataType type) {
    return new ColumnDefinition("ks", "vault", name, type);
  }

  @Test
  void should_name_marker_and_types_but_not_a_number_that_does_not_fit() {
    assertThatThrownBy(
            () ->
                Binder.bindPositional(
                    QUERY,
                    MARKERS,
                    CODECS,
                    MappingCodecs.NONE,
                    new Object[] {1, SECRET_NUMBER, 2L}))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("bind marker 1 'pin'")
        .hasMessageContaining("int")
        .hasMessageContaining("java.lang.Long")
        .hasMessageNotContaining(Long.toString(SECRET_NUMBER))
        .hasMessageNotContaining("4111");
  }

  @Test
  void should_name_marker_and_types_but_not_a_string_of_the_wrong_type() {
    assertThatThrownBy(
            () ->
                Binder.bindPositional(
                    QUERY, MARKERS, CODECS, MappingCodecs.NONE, new Object[] {1, 2, SECRET_TEXT}))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("bind marker 2 'token'")
        .hasMessageContaining("bigint")
        .hasMessageContaining("java.lang.String")
        .hasMessageNotContaining(SECRET_TEXT)
        .hasMessageNotContaining("s3cr3t");
  }

  @Test
  void should_not_show_a_value_bound_by_name() {
    assertThatThrownBy(
            () ->
                Binder.bindNamed(
                    QUERY, MARKERS, CODECS, MappingCodecs.NONE, Map.of("token", SECRET_TEXT)))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("bind marker 2 'token'")
        .hasMessageNotContaining("s3cr3t");
  }

  @Test
  void should_not_show_a_value_a_mapping_codec_failed_on() {
    MappingCodecs parsing =
        MappingCodecs.of(
            List.of(
                new MappingCodec<Integer, String>(Integer.class, String.class) {
                  @Override
                  protected String innerToOuter(Integer value) {
                    return String.valueOf(value);
                  }

                  @Override
                  protected Integer outerToInner(String value) {
                    return Integer.parseInt(value); // its message quotes the value
                  }
                }));

    assertThatThrownBy(
            () ->
                Binder.bindPositional(
                    QUERY, MARKERS, CODECS, parsing, new Object[] {1, SECRET_TEXT, 2L}))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("bind marker 1 'pin'")
        .hasMessageContaining("NumberFormatException")
        .hasMessageNotContaining("s3cr3t")
        .hasNoCause();
  }

  record Pin(String digits) {}

  @Test
  void should_not_show_an_unprepared_value_a_mapping_codec_failed_on() {
    MappingCodecs pins =
        MappingCodecs.of(
            List.of(
                new MappingCodec<Integer, Pin>(Integer.class, Pin.class) {
                  @Override
                  protected Pin innerToOuter(Integer value) {
                    return new Pin(String.valueOf(value));
                  }

                  @Override
                  protected Integer outerToInner(Pin value) {
                    return Integer.parseInt(value.digits()); // its message quotes the value
                  }
                }));

    assertThatThrownBy(
            () ->
                Binder.bindInferred(
                    "SELECT * FROM vault WHERE pin = ?",
                    new Object[] {new Pin(SECRET_TEXT)},
                    CodecRegistry.DEFAULT,
                    pins))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("value 0")
        .hasMessageContaining("NumberFormatException")
        .hasMessageNotContaining("s3cr3t")
        .hasNoCause();
  }

  @Test
  void should_not_show_a_value_whose_type_cannot_be_inferred() {
    Object secret =
        new Object() {
          @Override
          public String toString() {
            return SECRET_TEXT;
          }
        };
    assertThatThrownBy(
            () ->
                Binder.bindInferred(
                    "SELECT * FROM vault WHERE k = ?",
                    new Object[] {secret},
                    CodecRegistry.DEFAULT,
                    MappingCodecs.NONE))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("value 0")
        .hasMessageContaining(secret.getClass().getName())
        .hasMessageNotContaining("s3cr3t");
  }

  @Test
  void should_not_show_the_values_of_a_simple_statement() {
    String text =
        SimpleStatement.of("UPDATE users SET password = ? WHERE id = ?", SECRET_TEXT, 7).toString();
    assertThat(text).contains("UPDATE users SET password = ? WHERE id = ?").contains("2 values");
    assertThat(text).doesNotContain("s3cr3t");
  }
}
