package io.scyllaboot.autoconfigure;

/** {@code scylla.ssl.*}: TLS. */
public class SslProperties {
  /** Whether to use TLS, trusting the JDK's trust store; a named bundle turns TLS on anyway. */
  private boolean enabled;

  /**
   * Name of the Spring SSL bundle ('spring.ssl.bundle.*') holding the trust and key stores; its
   * options (enabled protocols, ciphers) apply too. Setting it turns TLS on.
   */
  private String bundle;

  /** Whether to check that the node's certificate matches its address. */
  private boolean hostnameVerification = true;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public String getBundle() {
    return bundle;
  }

  public void setBundle(String bundle) {
    this.bundle = bundle;
  }

  public boolean isHostnameVerification() {
    return hostnameVerification;
  }

  public void setHostnameVerification(boolean hostnameVerification) {
    this.hostnameVerification = hostnameVerification;
  }
}
