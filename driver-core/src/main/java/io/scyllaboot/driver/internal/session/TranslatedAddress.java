package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.policy.AddressTranslator;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A node's address as the user's {@link AddressTranslator} maps the one it advertises. */
final class TranslatedAddress {
  // Logged as the cluster, whose topology the address belongs to (as before this class existed).
  private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);

  private TranslatedAddress() {}

  /**
   * An advertised address through the translator; a host name it returns is resolved here, on the
   * admin executor (never an event loop). A translator that throws leaves the address as it is.
   */
  static InetSocketAddress of(AddressTranslator translator, InetSocketAddress advertised) {
    InetSocketAddress translated;
    try {
      translated = translator.translate(advertised);
    } catch (RuntimeException e) {
      LOG.warn("the address translator threw on {}: using it untranslated", advertised, e);
      return advertised;
    }
    if (translated == null) {
      LOG.warn("the address translator returned null for {}: using it untranslated", advertised);
      return advertised;
    }
    if (translated.isUnresolved()) {
      translated = new InetSocketAddress(translated.getHostString(), translated.getPort());
      if (translated.isUnresolved()) {
        LOG.warn("{} (translated from {}) does not resolve", translated, advertised);
      }
    }
    return translated;
  }
}
