package com.example.shop.money;

import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.cassandra.core.convert.CassandraCustomConversions;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

@Configuration(proxyBeanMethods = false)
public class MoneyConversions {

  @Bean
  public CassandraCustomConversions cassandraCustomConversions() {
    return new CassandraCustomConversions(List.of(new MoneyToText(), new TextToMoney()));
  }

  @WritingConverter
  static class MoneyToText implements Converter<Money, String> {
    @Override
    public String convert(Money source) {
      return source.toString();
    }
  }

  @ReadingConverter
  static class TextToMoney implements Converter<String, Money> {
    @Override
    public Money convert(String source) {
      return Money.parse(source);
    }
  }
}
