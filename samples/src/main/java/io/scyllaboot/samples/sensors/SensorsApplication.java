package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.config.EnableScyllaAuditing;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small time-series service: sensors, and their readings kept per sensor per day (one partition
 * each, newest first). Run it with {@code scripts/run-sample.sh}; see docs/getting-started.md for
 * curl calls.
 */
@SpringBootApplication
@EnableScyllaAuditing
public class SensorsApplication {
  public static void main(String[] args) {
    SpringApplication.run(SensorsApplication.class, args);
  }
}
