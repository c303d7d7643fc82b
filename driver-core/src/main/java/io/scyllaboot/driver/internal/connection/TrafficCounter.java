package io.scyllaboot.driver.internal.connection;

/** Receives the bytes each connection writes and reads, when traffic metrics are on. */
public interface TrafficCounter {
  void bytesSent(int bytes);

  void bytesReceived(int bytes);
}
