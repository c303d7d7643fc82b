package io.scyllaboot.readme.quickstart;

import io.scyllaboot.spring.mapping.Table;
import org.springframework.data.annotation.Id;

// As printed in the README's Spring Boot quick start (ManualTest checks it).
@Table("items")
record Item(@Id String id, String name, int price) {}
