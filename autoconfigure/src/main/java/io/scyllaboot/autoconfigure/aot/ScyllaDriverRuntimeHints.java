package io.scyllaboot.autoconfigure.aot;

import io.scyllaboot.driver.internal.util.ReflectiveTypes;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * What a native image of an application on the starter needs to know about the driver: the classes
 * it (through Netty, Caffeine and lz4-java) reaches by reflection. Registered in {@code
 * META-INF/spring/aot.factories}; the entities and repositories get theirs from Spring Data's AOT
 * processing.
 */
public final class ScyllaDriverRuntimeHints implements RuntimeHintsRegistrar {
  /** Netty's native transport, chosen when its classes are on the class path. */
  static final String EPOLL_CHANNEL = "io.netty.channel.epoll.EpollSocketChannel";

  @Override
  public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
    for (String name : ReflectiveTypes.CONSTRUCTED) {
      hints
          .reflection()
          .registerType(
              TypeReference.of(name),
              MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS,
              MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
    }
    hints
        .reflection()
        .registerTypeIfPresent(
            classLoader, EPOLL_CHANNEL, MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
    for (String name : ReflectiveTypes.INSTANCE_FIELDS) {
      hints.reflection().registerType(TypeReference.of(name), MemberCategory.ACCESS_PUBLIC_FIELDS);
    }
  }
}
