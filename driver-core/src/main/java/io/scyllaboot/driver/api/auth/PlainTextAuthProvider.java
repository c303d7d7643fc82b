package io.scyllaboot.driver.api.auth;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * Username and password authentication with SASL PLAIN, as Cassandra's {@code
 * PasswordAuthenticator} and ScyllaDB's {@code PasswordAuthenticator} expect: the single
 * AUTH_RESPONSE carries {@code \0username\0password} in UTF-8.
 *
 * <p>Immutable and thread-safe. The password is kept in a private array and never appears in {@link
 * #toString()}, exception messages or logs.
 */
public final class PlainTextAuthProvider implements AuthProvider {
  private final String username;
  private final char[] password;

  /**
   * @param username the role to log in as; not empty
   * @param password its password
   * @throws IllegalArgumentException if the username is empty
   */
  public PlainTextAuthProvider(String username, String password) {
    Objects.requireNonNull(username, "username");
    Objects.requireNonNull(password, "password");
    if (username.isEmpty()) {
      throw new IllegalArgumentException("username must not be empty");
    }
    this.username = username;
    this.password = password.toCharArray();
  }

  /** The role this provider logs in as. */
  public String username() {
    return username;
  }

  @Override
  public Authenticator newAuthenticator(InetSocketAddress node, String serverAuthenticator) {
    return new PlainTextAuthenticator(token());
  }

  /** {@code \0username\0password} in UTF-8, built fresh for each connection. */
  private byte[] token() {
    byte[] user = username.getBytes(StandardCharsets.UTF_8);
    ByteBuffer secret = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
    byte[] token = new byte[2 + user.length + secret.remaining()];
    System.arraycopy(user, 0, token, 1, user.length);
    secret.get(token, 2 + user.length, secret.remaining());
    // The encoder's buffer holds the password too: wipe it rather than wait for the GC.
    Arrays.fill(secret.array(), (byte) 0);
    return token;
  }

  @Override
  public String toString() {
    return "PlainTextAuthProvider[username=" + username + "]";
  }

  /** One connection's exchange: PLAIN needs a single response and no challenge. */
  private static final class PlainTextAuthenticator implements Authenticator {
    private final byte[] token;

    PlainTextAuthenticator(byte[] token) {
      this.token = token;
    }

    @Override
    public CompletionStage<byte @Nullable []> initialResponse() {
      return CompletableFuture.completedFuture(token);
    }

    @Override
    public CompletionStage<byte @Nullable []> evaluateChallenge(byte @Nullable [] challenge) {
      // PLAIN has no second round; a node that still challenges gets the same token again.
      return CompletableFuture.completedFuture(token);
    }

    @Override
    public CompletionStage<Void> onAuthenticationSuccess(byte @Nullable [] finalToken) {
      Arrays.fill(token, (byte) 0);
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public String toString() {
      return "PlainTextAuthenticator";
    }
  }
}
