package io.scyllaboot.test.data.slice;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;

@Table("notes")
public record Note(@PartitionKey String id, String text) {}
