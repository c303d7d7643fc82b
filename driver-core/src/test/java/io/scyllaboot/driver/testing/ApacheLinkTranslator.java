package io.scyllaboot.driver.testing;

import com.datastax.oss.driver.api.core.addresstranslation.AddressTranslator;
import com.datastax.oss.driver.api.core.context.DriverContext;
import java.net.InetSocketAddress;

/**
 * The Apache driver's address translator ({@code advanced.address-translator.class}) that sends one
 * node through a {@link FaultyLink}: the driver builds it by reflection with its context, so the
 * node and the link's address come from {@link #route}, set before the session is built. Other
 * addresses stay as they are.
 */
public final class ApacheLinkTranslator implements AddressTranslator {
  private static volatile InetSocketAddress from;
  private static volatile InetSocketAddress to;

  public ApacheLinkTranslator(DriverContext context) {
    // nothing to read from the context: the route is static
  }

  /** Node {@code node} (as it advertises itself) is reached at {@code link} from now on. */
  public static void route(InetSocketAddress node, InetSocketAddress link) {
    from = node;
    to = link;
  }

  @Override
  public InetSocketAddress translate(InetSocketAddress address) {
    InetSocketAddress node = from;
    return node != null && node.equals(address) ? to : address;
  }

  @Override
  public void close() {}
}
