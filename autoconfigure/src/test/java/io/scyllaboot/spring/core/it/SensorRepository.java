package io.scyllaboot.spring.core.it;

import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.List;

public interface SensorRepository extends ScyllaRepository<Sensor, String> {

  List<Sensor> findByIdIn(List<String> ids);

  @Query("SELECT * FROM audited_sensor WHERE id = ?0")
  Sensor byId(String id);
}
