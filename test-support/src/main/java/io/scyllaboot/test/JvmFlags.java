package io.scyllaboot.test;

import java.util.List;

/** The JVM flags Cassandra 5.0 needs on Java 17 (from its conf/jvm17-server.options). */
final class JvmFlags {
  private JvmFlags() {}

  static final List<String> CASSANDRA_17 =
      List.of(
          "-ea",
          "-XX:+UseThreadPriorities",
          "-XX:+PerfDisableSharedMem",
          "-Djava.net.preferIPv4Stack=true",
          "-Djdk.attach.allowAttachSelf=true",
          "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
          "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
          "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
          "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
          "--add-exports=java.sql/java.sql=ALL-UNNAMED",
          "--add-exports=java.base/java.lang.ref=ALL-UNNAMED",
          "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
          "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
          "--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
          "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens=java.base/java.io=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
          "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED",
          "-Dio.netty.tryReflectionSetAccessible=true");
}
