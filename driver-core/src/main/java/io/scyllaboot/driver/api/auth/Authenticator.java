package io.scyllaboot.driver.api.auth;

import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * The client side of one connection's SASL exchange. The driver calls {@link #initialResponse()}
 * once, then {@link #evaluateChallenge} for each AUTH_CHALLENGE the node sends, and finally {@link
 * #onAuthenticationSuccess} when the node accepts.
 *
 * <p>Every method is called on a driver I/O thread, one call at a time, and must not block: slow
 * work (a ticket service, a vault) belongs on another thread, with the returned stage completed
 * when it is done. A stage completed exceptionally fails the connection with that error.
 */
public interface Authenticator {

  /**
   * The token of the first AUTH_RESPONSE.
   *
   * @return a stage of the token; the token may be null when the mechanism sends none
   */
  CompletionStage<byte @Nullable []> initialResponse();

  /**
   * Answers a challenge from the node.
   *
   * @param challenge the token of the node's AUTH_CHALLENGE (may be null)
   * @return a stage of the token of the next AUTH_RESPONSE
   */
  CompletionStage<byte @Nullable []> evaluateChallenge(byte @Nullable [] challenge);

  /**
   * Called once when the node sent AUTH_SUCCESS; the connection is used only after the returned
   * stage completes.
   *
   * @param token the final token of the node (may be null)
   */
  CompletionStage<Void> onAuthenticationSuccess(byte @Nullable [] token);
}
