package io.scyllaboot.driver.internal.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.error.ErrorCodes;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.StronglyConsistentTableException;
import io.scyllaboot.driver.api.error.StronglyConsistentTableException.Rule;
import io.scyllaboot.driver.internal.protocol.Primitives;
import org.junit.jupiter.api.Test;

/**
 * ScyllaDB's refusals on strongly consistent tables (Invalid, 0x2200, with the texts of {@code
 * cql3/statements/strong_consistency/}) become a typed error naming the rule; other Invalid errors
 * stay as they were.
 */
class StronglyConsistentErrorsTest {

  private static ServerException decode(String message) {
    ByteBuf body = Unpooled.buffer();
    try {
      body.writeInt(ErrorCodes.INVALID);
      Primitives.writeString(body, message);
      return ErrorDecoder.decode(body, 4);
    } finally {
      body.release();
    }
  }

  @Test
  void should_name_the_write_consistency_rule() {
    ServerException error =
        decode("Strongly consistent writes must use QUORUM/LOCAL_QUORUM consistency level");
    assertThat(error)
        .isInstanceOfSatisfying(
            StronglyConsistentTableException.class,
            strong -> {
              assertThat(strong.rule()).isEqualTo(Rule.WRITE_CONSISTENCY_LEVEL);
              assertThat(strong.code()).isEqualTo(0x2200);
              assertThat(strong.serverMessage())
                  .isEqualTo(
                      "Strongly consistent writes must use QUORUM/LOCAL_QUORUM consistency level");
              assertThat(strong.getMessage())
                  .contains("accept only QUORUM or LOCAL_QUORUM")
                  .startsWith("Invalid query (0x2200): Strongly consistent writes");
            })
        .isInstanceOf(InvalidQueryException.class);
  }

  @Test
  void should_name_the_read_consistency_rule() {
    ServerException error =
        decode(
            "Strongly consistent reads must use QUORUM/LOCAL_QUORUM or ONE/LOCAL_ONE consistency"
                + " level");
    assertThat(((StronglyConsistentTableException) error).rule())
        .isEqualTo(Rule.READ_CONSISTENCY_LEVEL);
    assertThat(error.getMessage()).contains("ONE or LOCAL_ONE (not linearizable)");
  }

  @Test
  void should_type_the_other_rules_and_leave_other_invalid_errors_alone() {
    assertThat(
            ((StronglyConsistentTableException)
                    decode("Strongly consistent queries can only target a single partition"))
                .rule())
        .isEqualTo(Rule.SINGLE_PARTITION);
    assertThat(
            ((StronglyConsistentTableException)
                    decode("Counter batches are not supported with strongly consistent tables"))
                .rule())
        .isEqualTo(Rule.OTHER);
    assertThat(decode("unconfigured table peers_v2"))
        .isExactlyInstanceOf(InvalidQueryException.class);
  }
}
