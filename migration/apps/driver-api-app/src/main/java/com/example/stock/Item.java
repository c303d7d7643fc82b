package com.example.stock;

import java.time.Instant;
import java.util.List;

/** One stock-keeping unit: its name, how many are in store, its tags and when it last changed. */
public record Item(String sku, String name, int quantity, List<String> tags, Instant updated) {}
