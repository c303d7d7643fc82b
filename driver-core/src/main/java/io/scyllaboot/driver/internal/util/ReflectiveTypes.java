package io.scyllaboot.driver.internal.util;

import java.util.List;

/**
 * The classes the driver (through its libraries) reaches by reflection, which a native image must
 * be told about: the starter turns this list into Spring AOT runtime hints. Kept here, next to the
 * code that causes the reflection, so a test of the driver notices when the list falls behind.
 */
public final class ReflectiveTypes {
  /**
   * Classes whose constructors are called reflectively: Netty's channel class ({@code
   * Bootstrap.channel(Class)}) and the classes Caffeine generates for the prepared-statement cache
   * ({@code maximumSize} with {@code recordStats}: cache {@code SSSMS}, node {@code PSMS}).
   */
  public static final List<String> CONSTRUCTED =
      List.of(
          "io.netty.channel.socket.nio.NioSocketChannel",
          "com.github.benmanes.caffeine.cache.SSSMS",
          "com.github.benmanes.caffeine.cache.PSMS");

  /**
   * Classes whose public static {@code INSTANCE} field lz4-java reads reflectively ({@code
   * LZ4Factory} picks the unsafe or safe Java implementation when no native library loads).
   */
  public static final List<String> INSTANCE_FIELDS =
      List.of(
          "net.jpountz.lz4.LZ4JavaUnsafeCompressor",
          "net.jpountz.lz4.LZ4HCJavaUnsafeCompressor",
          "net.jpountz.lz4.LZ4JavaUnsafeFastDecompressor",
          "net.jpountz.lz4.LZ4JavaUnsafeSafeDecompressor",
          "net.jpountz.lz4.LZ4JavaSafeCompressor",
          "net.jpountz.lz4.LZ4HCJavaSafeCompressor",
          "net.jpountz.lz4.LZ4JavaSafeFastDecompressor",
          "net.jpountz.lz4.LZ4JavaSafeSafeDecompressor");

  private ReflectiveTypes() {}
}
