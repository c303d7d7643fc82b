package com.example.stock;

import java.util.UUID;

/** A change of an item's quantity, kept in the item's history. */
public record Movement(String sku, UUID id, int delta, String note) {}
