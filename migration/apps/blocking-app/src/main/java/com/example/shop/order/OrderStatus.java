package com.example.shop.order;

public enum OrderStatus {
  PLACED,
  PAID,
  SHIPPED,
  CANCELLED
}
