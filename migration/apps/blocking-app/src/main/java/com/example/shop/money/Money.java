package com.example.shop.money;

import java.math.BigDecimal;
import java.util.Objects;

/** An amount in a currency; stored as text ("12.50 EUR") by the converters beside it. */
public record Money(BigDecimal amount, String currency) {

  public Money {
    Objects.requireNonNull(amount, "amount");
    Objects.requireNonNull(currency, "currency");
  }

  public static Money of(String amount, String currency) {
    return new Money(new BigDecimal(amount), currency);
  }

  public static Money parse(String text) {
    int space = text.indexOf(' ');
    return new Money(new BigDecimal(text.substring(0, space)), text.substring(space + 1));
  }

  public Money plus(Money other) {
    if (!currency.equals(other.currency)) {
      throw new IllegalArgumentException("currencies differ: " + currency + ", " + other.currency);
    }
    return new Money(amount.add(other.amount), currency);
  }

  @Override
  public String toString() {
    return amount.toPlainString() + " " + currency;
  }
}
