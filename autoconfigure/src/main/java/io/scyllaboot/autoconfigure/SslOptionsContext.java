package io.scyllaboot.autoconfigure;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import java.util.function.Consumer;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * An {@link SSLContext} whose engines are configured on creation: how a Spring SSL bundle's options
 * (enabled protocols, ciphers), which {@code SslBundle.createSslContext()} does not carry, reach
 * the driver, which only takes a context and creates its engines from it.
 */
final class SslOptionsContext extends SSLContext {

  SslOptionsContext(SSLContext delegate, Consumer<SSLEngine> configurer) {
    super(new Spi(delegate, configurer), delegate.getProvider(), delegate.getProtocol());
  }

  private static final class Spi extends SSLContextSpi {
    private final SSLContext delegate;
    private final Consumer<SSLEngine> configurer;

    Spi(SSLContext delegate, Consumer<SSLEngine> configurer) {
      this.delegate = delegate;
      this.configurer = configurer;
    }

    private SSLEngine configured(SSLEngine engine) {
      configurer.accept(engine);
      return engine;
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random)
        throws KeyManagementException {
      delegate.init(km, tm, random);
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
      return delegate.getSocketFactory();
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
      return delegate.getServerSocketFactory();
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
      return configured(delegate.createSSLEngine());
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
      return configured(delegate.createSSLEngine(host, port));
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
      return delegate.getServerSessionContext();
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
      return delegate.getClientSessionContext();
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
      return delegate.getDefaultSSLParameters();
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
      return delegate.getSupportedSSLParameters();
    }
  }
}
