package io.scyllaboot.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * This JVM's memory, in MiB: heap used now, heap used after the latest GC (from the collectors'
 * notifications: the live set, which is what "flat" is about), direct memory in the JVM's {@code
 * direct} buffer pool, and the direct memory Netty's default allocator holds (its own chunks, which
 * the buffer pool may not count).
 */
final class MemorySampler {
  private static final double MIB = 1024.0 * 1024.0;
  private final Set<String> heapPools = new HashSet<>();
  private volatile long heapAfterGc = -1;

  MemorySampler() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(
            (notification, handback) -> {
              if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                  notification.getType())) {
                GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from(
                        (CompositeData) notification.getUserData());
                long used = 0;
                for (Map.Entry<String, MemoryUsage> pool :
                    info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                  if (heapPools.contains(pool.getKey())) {
                    used += pool.getValue().getUsed();
                  }
                }
                heapAfterGc = used;
              }
            },
            null,
            null);
      }
    }
  }

  /** Heap used, heap after the latest GC (-1 before the first), JVM direct, Netty direct. */
  double[] sample() {
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    long direct = 0;
    for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (pool.getName().equals("direct")) {
        direct = pool.getMemoryUsed();
      }
    }
    long netty =
        ByteBufAllocator.DEFAULT instanceof ByteBufAllocatorMetricProvider provider
            ? provider.metric().usedDirectMemory()
            : -1;
    long afterGc = heapAfterGc;
    return new double[] {
      heap / MIB, afterGc < 0 ? -1 : afterGc / MIB, direct / MIB, netty < 0 ? -1 : netty / MIB
    };
  }
}
