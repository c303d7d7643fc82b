package io.scyllaboot.driver.testing;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * A cloud database as DataStax Astra presents one, in front of nodes that speak plain CQL: a
 * metadata service ({@code GET /metadata} over mutual TLS) naming the nodes by host id, an SNI
 * proxy that ends TLS and forwards each connection to the node its server name names, and the
 * secure connect bundle (zip of {@code config.json}, {@code identity.jks}, {@code trustStore.jks})
 * that leads a client to both. Keys are generated with the JDK's keytool. Blocking threads; tests
 * only.
 */
public final class FakeCloud implements AutoCloseable {
  private static final String PASSWORD = "cloud-pass";

  private static Path generatedKeys; // once per test JVM: keytool takes seconds

  private final Path directory;
  private final Path keys;
  private final Map<String, InetSocketAddress> nodes;
  private final String localDatacenter;
  private final HttpsServer metadata;
  private final SSLServerSocket proxy;
  private final AtomicInteger metadataRequests = new AtomicInteger();
  private final Map<String, AtomicInteger> connectionsByServerName = new ConcurrentHashMap<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  /**
   * @param nodes each node's host id and the address of its plain CQL port
   */
  public FakeCloud(Path directory, Map<UUID, InetSocketAddress> nodes, String localDatacenter)
      throws IOException, GeneralSecurityException {
    this(directory, nodes, localDatacenter, "127.0.0.1");
  }

  /**
   * @param proxyHost the loopback address the SNI proxy listens on and the metadata names; its
   *     certificate names 127.0.0.1 and localhost only, so another address (127.0.0.2) is one a
   *     client checking host names must refuse
   */
  public FakeCloud(
      Path directory, Map<UUID, InetSocketAddress> nodes, String localDatacenter, String proxyHost)
      throws IOException, GeneralSecurityException {
    this.directory = Files.createDirectories(directory);
    this.nodes =
        nodes.entrySet().stream()
            .collect(Collectors.toMap(e -> e.getKey().toString(), Map.Entry::getValue));
    this.localDatacenter = localDatacenter;
    this.keys = keys();
    SSLContext server =
        context(
            keyStore(keys.resolve("server.p12"), "PKCS12"),
            keyStore(keys.resolve("server-trust.p12"), "PKCS12"));
    InetAddress loopback = InetAddress.getByName("127.0.0.1");
    this.metadata = HttpsServer.create(new InetSocketAddress(loopback, 0), 0);
    metadata.setHttpsConfigurator(
        new HttpsConfigurator(server) {
          @Override
          public void configure(HttpsParameters parameters) {
            parameters.setNeedClientAuth(true);
          }
        });
    metadata.createContext(
        "/metadata",
        exchange -> {
          metadataRequests.incrementAndGet();
          byte[] body = metadataJson().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    metadata.start();
    this.proxy =
        (SSLServerSocket)
            server
                .getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getByName(proxyHost));
    proxy.setNeedClientAuth(true);
    daemon("fake-cloud-proxy", this::accept);
  }

  /**
   * Runs a fake cloud in front of one real node until killed, for {@code
   * scripts/driver-api-proving-ground.sh}: {@code FakeCloud directory host port} writes the bundle
   * to {@code directory/secure-connect-fake.zip}, then the file {@code directory/ready}.
   */
  public static void main(String[] args) throws Exception {
    Path directory = Path.of(args[0]);
    InetSocketAddress node = new InetSocketAddress(args[1], Integer.parseInt(args[2]));
    UUID hostId;
    String datacenter;
    try (io.scyllaboot.driver.api.CqlSession session =
        io.scyllaboot.driver.api.CqlSession.builder().addContactPoint(node).build()) {
      io.scyllaboot.driver.api.cql.Row local =
          session.execute("SELECT host_id, data_center FROM system.local").one();
      hostId = local.getUuid("host_id");
      datacenter = local.getString("data_center");
    }
    Files.createDirectories(directory);
    FakeCloud cloud = new FakeCloud(directory, Map.of(hostId, node), datacenter);
    Path bundle = cloud.bundle();
    Files.writeString(directory.resolve("ready"), bundle.toString());
    System.out.println("[fake-cloud] " + bundle + " leads to node " + hostId + " at " + node);
    Thread.currentThread().join(); // until the process is killed
  }

  /** The secure connect bundle, written into the fixture's directory. */
  public Path bundle() throws IOException {
    Path zip = directory.resolve("secure-connect-fake.zip");
    String config =
        "{\"host\":\"127.0.0.1\",\"port\":"
            + metadata.getAddress().getPort()
            + ",\"keyspace\":\"ignored\",\"keyStorePassword\":\""
            + PASSWORD
            + "\",\"trustStorePassword\":\""
            + PASSWORD
            + "\"}";
    try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
      out.putNextEntry(new ZipEntry("config.json"));
      out.write(config.getBytes(StandardCharsets.UTF_8));
      for (String name : List.of("identity.jks", "trustStore.jks", "ca.crt")) {
        out.putNextEntry(new ZipEntry(name));
        out.write(Files.readAllBytes(keys.resolve(name)));
      }
    }
    return zip;
  }

  /** Where the SNI proxy listens. */
  public InetSocketAddress proxyAddress() {
    return new InetSocketAddress(proxy.getInetAddress(), proxy.getLocalPort());
  }

  public int metadataRequests() {
    return metadataRequests.get();
  }

  /** How many connections the proxy forwarded to the node of this host id. */
  public int connectionsTo(UUID hostId) {
    AtomicInteger count = connectionsByServerName.get(hostId.toString());
    return count == null ? 0 : count.get();
  }

  /** Server names the proxy was asked for, including any it knows no node of. */
  public java.util.Set<String> serverNames() {
    return connectionsByServerName.keySet();
  }

  private String metadataJson() {
    return "{\"region\":\"local\",\"contact_info\":{\"type\":\"sni_proxy\",\"local_dc\":\""
        + localDatacenter
        + "\",\"contact_points\":["
        + nodes.keySet().stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(","))
        + "],\"sni_proxy_address\":\""
        + proxy.getInetAddress().getHostAddress()
        + ":"
        + proxy.getLocalPort()
        + "\"}}";
  }

  private void accept() {
    while (!proxy.isClosed()) {
      try {
        SSLSocket client = (SSLSocket) proxy.accept();
        sockets.add(client);
        daemon("fake-cloud-link", () -> forward(client));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void forward(SSLSocket client) {
    try {
      client.startHandshake();
      String name = serverName(client);
      connectionsByServerName.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
      InetSocketAddress node = nodes.get(name);
      if (node == null) {
        client.close(); // as the real proxy does with a name it does not route
        return;
      }
      Socket upstream = new Socket(node.getAddress(), node.getPort());
      sockets.add(upstream);
      daemon("fake-cloud-up", () -> pump(client, upstream));
      pump(upstream, client);
    } catch (IOException e) {
      close(client);
    }
  }

  private static String serverName(SSLSocket socket) {
    for (SNIServerName name :
        ((ExtendedSSLSession) socket.getSession()).getRequestedServerNames()) {
      if (name instanceof SNIHostName host) {
        return host.getAsciiName();
      }
    }
    return "";
  }

  private static void pump(Socket from, Socket to) {
    try (InputStream in = from.getInputStream()) {
      OutputStream out = to.getOutputStream();
      byte[] buffer = new byte[16384];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        out.write(buffer, 0, n);
        out.flush();
      }
    } catch (IOException e) {
      // either side closed
    } finally {
      close(to);
      close(from);
    }
  }

  private static void close(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // already closed
    }
  }

  private static void daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() throws IOException {
    metadata.stop(0);
    proxy.close();
    sockets.forEach(FakeCloud::close);
  }

  private static SSLContext context(KeyStore keys, KeyStore trusted)
      throws GeneralSecurityException {
    KeyManagerFactory keyManagers =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keyManagers.init(keys, PASSWORD.toCharArray());
    TrustManagerFactory trustManagers =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trustManagers.init(trusted);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
    return context;
  }

  private static KeyStore keyStore(Path file, String type)
      throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance(type);
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, PASSWORD.toCharArray());
    }
    return store;
  }

  private static synchronized Path keys() throws IOException {
    if (generatedKeys == null) {
      Path dir = Files.createTempDirectory("fake-cloud-keys");
      generateKeys(dir);
      generatedKeys = dir;
    }
    return generatedKeys;
  }

  /**
   * The proxy's and metadata service's key pair (named for 127.0.0.1), the client's (the bundle's
   * identity.jks), and each side's trust of the other.
   */
  private static void generateKeys(Path dir) {
    keyPair(dir.resolve("server.p12"), "PKCS12", "server", "SAN=IP:127.0.0.1,DNS:localhost");
    keyPair(dir.resolve("identity.jks"), "JKS", "client", null);
    trust(
        dir.resolve("server.p12"), "server", dir.resolve("ca.crt"), dir.resolve("trustStore.jks"));
    trust(
        dir.resolve("identity.jks"),
        "client",
        dir.resolve("client.crt"),
        dir.resolve("server-trust.p12"));
  }

  private static void keyPair(Path store, String type, String alias, String extension) {
    List<String> command =
        new java.util.ArrayList<>(
            List.of("-genkeypair", "-alias", alias, "-keyalg", "RSA", "-keysize", "2048"));
    command.addAll(List.of("-validity", "2", "-dname", "CN=fake-cloud-" + alias));
    if (extension != null) {
      command.addAll(List.of("-ext", extension));
    }
    command.addAll(List.of("-storetype", type, "-keystore", store.toString()));
    command.addAll(List.of("-keypass", PASSWORD));
    keytool(command);
  }

  /**
   * Exports the alias's certificate of {@code from} and imports it into the trust store {@code to}.
   */
  private static void trust(Path from, String alias, Path certificate, Path to) {
    keytool(
        List.of(
            "-exportcert",
            "-rfc",
            "-alias",
            alias,
            "-keystore",
            from.toString(),
            "-file",
            certificate.toString()));
    String type = to.toString().endsWith(".jks") ? "JKS" : "PKCS12";
    keytool(
        List.of(
            "-importcert",
            "-noprompt",
            "-alias",
            alias,
            "-file",
            certificate.toString(),
            "-storetype",
            type,
            "-keystore",
            to.toString()));
  }

  private static void keytool(List<String> arguments) {
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(arguments);
    command.addAll(List.of("-storepass", PASSWORD));
    TrustStores.run(command);
  }
}
