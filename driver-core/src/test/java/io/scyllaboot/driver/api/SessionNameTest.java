package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link CqlSession#name()}: the builder's session name, "s0" by default as in the DataStax driver.
 */
class SessionNameTest {
  private static final int PORT = 19557;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();

  @Test
  void namesTheSessionAsTheBuilderDid() {
    fixture.start(new FakeCluster(1, PORT));
    CqlSession named = fixture.open(CqlSession.builder().withSessionName("orders"));
    CqlSession unnamed = fixture.open(CqlSession.builder());

    assertThat(named.name()).isEqualTo("orders").isEqualTo(named.snapshot().sessionName());
    assertThat(unnamed.name()).isEqualTo("s0");
  }
}
