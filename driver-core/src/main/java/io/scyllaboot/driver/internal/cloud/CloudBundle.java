package io.scyllaboot.driver.internal.cloud;

import io.scyllaboot.driver.api.error.ConnectionException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a DataStax Astra secure connect bundle says, and its metadata service adds: the TLS context
 * (the bundle's client key and trust store), the SNI proxy every node is reached through, the
 * contact points (host ids) and the local data center.
 *
 * <p>The bundle is a zip of {@code config.json} (the metadata service's host and port, the key
 * stores' passwords), {@code identity.jks} and {@code trustStore.jks}. The metadata service answers
 * {@code GET https://host:port/metadata}, over mutual TLS, with a {@code contact_info} object:
 * {@code sni_proxy_address}, {@code contact_points} and {@code local_dc}.
 */
public record CloudBundle(
    SSLContext sslContext,
    SniProxy proxy,
    List<InetSocketAddress> contactPoints,
    String localDatacenter) {
  private static final Logger LOG = LoggerFactory.getLogger(CloudBundle.class);
  private static final String CONFIG = "config.json";
  private static final String IDENTITY = "identity.jks";
  private static final String TRUST_STORE = "trustStore.jks";

  /** Opens the bundle's bytes; called once, when the session is built. */
  @FunctionalInterface
  public interface Source {
    InputStream open() throws IOException;
  }

  /**
   * Reads the bundle and asks its metadata service, on the caller's thread.
   *
   * @param timeout for connecting to the metadata service and for its answer
   * @throws IllegalArgumentException if the bundle or the answer lacks something, naming it
   * @throws ConnectionException if the metadata service or the proxy's host cannot be reached
   */
  public static CloudBundle read(Source source, Duration timeout) {
    requireJackson();
    Map<String, byte[]> files = unzip(source);
    BundleJson config = BundleJson.parse(file(files, CONFIG), CONFIG);
    SSLContext ssl =
        sslContext(
            file(files, IDENTITY),
            config.text("keyStorePassword").toCharArray(),
            file(files, TRUST_STORE),
            config.text("trustStorePassword").toCharArray());
    if (config.has("username") || config.has("password")) {
      LOG.info(
          "the secure connect bundle's config.json holds credentials: they are ignored; give them"
              + " to the builder (withAuthCredentials)");
    }
    String host = config.text("host");
    int port = config.integer("port");
    BundleJson contact =
        BundleJson.parse(metadata(host, port, ssl, timeout), "the cloud metadata service's answer")
            .object("contact_info");
    String proxyAddress = contact.text("sni_proxy_address");
    SniProxy proxy = proxy(proxyAddress);
    List<InetSocketAddress> contactPoints = new ArrayList<>();
    for (String hostId : contact.texts("contact_points")) {
      try {
        contactPoints.add(proxy.endpoint(UUID.fromString(hostId)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "invalid cloud metadata: contact point " + hostId + " is not a host id", e);
      }
    }
    return new CloudBundle(ssl, proxy, List.copyOf(contactPoints), contact.text("local_dc"));
  }

  private static void requireJackson() {
    try {
      Class.forName(
          "com.fasterxml.jackson.databind.ObjectMapper", false, CloudBundle.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          "reading a secure connect bundle needs com.fasterxml.jackson.core:jackson-databind on"
              + " the class path (an optional dependency of the driver)",
          e);
    }
  }

  private static Map<String, byte[]> unzip(Source source) {
    Map<String, byte[]> files = new HashMap<>();
    try (InputStream in = source.open();
        ZipInputStream zip = new ZipInputStream(in)) {
      for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
        String name = entry.getName();
        if (name.equals(CONFIG) || name.equals(IDENTITY) || name.equals(TRUST_STORE)) {
          files.put(name, zip.readAllBytes());
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the secure connect bundle: " + e, e);
    }
    return files;
  }

  private static byte[] file(Map<String, byte[]> files, String name) {
    byte[] bytes = files.get(name);
    if (bytes == null) {
      throw new IllegalArgumentException(
          "invalid secure connect bundle: it has no "
              + name
              + " (is it the zip downloaded from the database's Connect page?)");
    }
    return bytes;
  }

  private static SSLContext sslContext(
      byte[] identity, char[] identityPassword, byte[] trust, char[] trustPassword) {
    try {
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(keyStore(identity, identityPassword, IDENTITY), identityPassword);
      TrustManagerFactory trusted =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trusted.init(keyStore(trust, trustPassword, TRUST_STORE));
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys.getKeyManagers(), trusted.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "invalid secure connect bundle: its key stores make no TLS context: " + e, e);
    }
  }

  private static KeyStore keyStore(byte[] bytes, char[] password, String name)
      throws GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("JKS"); // reads PKCS12 too
    try {
      store.load(new ByteArrayInputStream(bytes), password);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "invalid secure connect bundle: cannot open " + name + " with config.json's password", e);
    }
    return store;
  }

  private static byte[] metadata(String host, int port, SSLContext ssl, Duration timeout) {
    URL url;
    try {
      url = new URI("https", null, host, port, "/metadata", null, null).toURL();
    } catch (URISyntaxException | IOException e) {
      throw new IllegalArgumentException(
          "invalid secure connect bundle: no URL of host " + host + " and port " + port, e);
    }
    HttpsURLConnection connection = null;
    try {
      connection = (HttpsURLConnection) url.openConnection();
      connection.setSSLSocketFactory(ssl.getSocketFactory());
      connection.setConnectTimeout((int) timeout.toMillis());
      connection.setReadTimeout((int) timeout.toMillis());
      try (InputStream in = connection.getInputStream()) {
        return in.readAllBytes();
      }
    } catch (IOException e) {
      throw new ConnectionException(
          "cannot read the cloud metadata service at "
              + url
              + ": "
              + e
              + " (a parked or terminated database does not answer)",
          e);
    } finally {
      if (connection != null) {
        connection.disconnect();
      }
    }
  }

  private static SniProxy proxy(String hostAndPort) {
    int colon = hostAndPort.lastIndexOf(':');
    if (colon <= 0 || colon == hostAndPort.length() - 1) {
      throw new IllegalArgumentException(
          "invalid cloud metadata: sni_proxy_address " + hostAndPort + " has no port");
    }
    String host = hostAndPort.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1); // an IPv6 literal
    }
    int port;
    try {
      port = Integer.parseInt(hostAndPort.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "invalid cloud metadata: sni_proxy_address " + hostAndPort + " has no valid port", e);
    }
    try {
      return SniProxy.resolve(host, port);
    } catch (UnknownHostException e) {
      throw new ConnectionException("the cloud's SNI proxy host " + host + " does not resolve", e);
    }
  }
}
