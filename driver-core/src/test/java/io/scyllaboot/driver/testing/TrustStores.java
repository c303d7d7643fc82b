package io.scyllaboot.driver.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Client {@link SSLContext}s for TLS tests, built from PEM certificates. */
public final class TrustStores {
  private TrustStores() {}

  /** A TLS context that trusts exactly this certificate. */
  public static SSLContext trusting(Path pemCertificate) {
    try (InputStream in = Files.newInputStream(pemCertificate)) {
      Certificate certificate = CertificateFactory.getInstance("X.509").generateCertificate(in);
      KeyStore trustStore = KeyStore.getInstance("PKCS12");
      trustStore.load(null, null);
      trustStore.setCertificateEntry("node", certificate);
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trustStore);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot build a trust store from " + pemCertificate, e);
    }
  }

  /**
   * Generates a fresh self-signed key pair with the JDK's keytool in {@code directory} and returns
   * its certificate: a trust store of it trusts nothing the nodes present.
   */
  public static Path generateUnrelatedCertificate(Path directory) {
    Path keystore = directory.resolve("unrelated.p12");
    Path pem = directory.resolve("unrelated-cert.pem");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    run(
        List.of(
            keytool,
            "-genkeypair",
            "-alias",
            "other",
            "-keyalg",
            "RSA",
            "-keysize",
            "2048",
            "-validity",
            "2",
            "-dname",
            "CN=unrelated",
            "-ext",
            "SAN=IP:127.0.0.3",
            "-storetype",
            "PKCS12",
            "-keystore",
            keystore.toString(),
            "-storepass",
            "unrelated",
            "-keypass",
            "unrelated"));
    run(
        List.of(
            keytool,
            "-exportcert",
            "-rfc",
            "-alias",
            "other",
            "-keystore",
            keystore.toString(),
            "-storepass",
            "unrelated",
            "-file",
            pem.toString()));
    return pem;
  }

  /** Runs a JDK tool (keytool) and fails with its output if it fails. */
  static void run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      byte[] output = process.getInputStream().readAllBytes();
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(command.get(1) + " failed: " + new String(output));
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run keytool", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running keytool", e);
    }
  }
}
