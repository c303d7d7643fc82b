package io.scyllaboot.readme.quickstart;

import io.scyllaboot.spring.repository.ScyllaRepository;

// As printed in the README's Spring Boot quick start (ManualTest checks it).
interface ItemRepository extends ScyllaRepository<Item, String> {}
