package io.scyllaboot.samples.sensors;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.internal.util.ReflectiveTypes;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The sample's build runs Spring's AOT processing ({@code process-aot}, as a native build would):
 * the reachability metadata it writes covers the driver's reflective classes, the mapped entities
 * and the repositories. A native executable needs GraalVM, which the build does not assume.
 */
class NativeHintsIT {
  private static final Path METADATA =
      Path.of(
          "target/spring-aot/main/resources/META-INF/native-image/io.scyllaboot/scylla-boot-samples",
          "reachability-metadata.json");

  @Test
  void should_write_reflection_hints_for_the_driver_the_entities_and_the_repositories()
      throws Exception {
    assertThat(METADATA).exists();
    Set<String> types = new HashSet<>();
    for (JsonNode entry : new ObjectMapper().readTree(METADATA.toFile()).path("reflection")) {
      JsonNode type = entry.path("type");
      if (type.isString()) { // proxies name a list of interfaces instead
        types.add(type.asString());
      }
    }

    assertThat(types)
        .containsAll(ReflectiveTypes.CONSTRUCTED)
        .containsAll(ReflectiveTypes.INSTANCE_FIELDS)
        .contains(
            Sensor.class.getName(),
            Reading.class.getName(),
            Sensor.Location.class.getName(),
            SensorRepository.class.getName(),
            ReadingRepository.class.getName());
  }
}
