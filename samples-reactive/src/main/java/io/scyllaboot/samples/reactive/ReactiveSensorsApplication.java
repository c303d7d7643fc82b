package io.scyllaboot.samples.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Readings over WebFlux: nothing in the request path blocks, from HTTP down to the driver. */
@SpringBootApplication
public class ReactiveSensorsApplication {
  public static void main(String[] args) {
    SpringApplication.run(ReactiveSensorsApplication.class, args);
  }
}
