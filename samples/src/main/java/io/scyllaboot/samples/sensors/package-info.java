/** The sensors sample: a Spring Boot web service on the starter. */
package io.scyllaboot.samples.sensors;
