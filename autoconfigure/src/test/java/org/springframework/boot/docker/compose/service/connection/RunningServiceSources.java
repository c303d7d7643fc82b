package org.springframework.boot.docker.compose.service.connection;

import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.core.env.StandardEnvironment;

/**
 * Makes the source Spring Boot hands to Docker Compose factories, whose constructor is
 * package-private: here there is no Docker daemon to run {@code docker compose up}, so the factory
 * contract is tested against a stand-in {@link RunningService}.
 */
public final class RunningServiceSources {
  private RunningServiceSources() {}

  public static DockerComposeConnectionSource of(RunningService service) {
    return new DockerComposeConnectionSource(service, new StandardEnvironment());
  }
}
