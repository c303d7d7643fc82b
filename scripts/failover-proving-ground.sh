#!/usr/bin/env bash
# The Apache driver's CrossDatacenterFailover example on both drivers against the local two-datacenter
# cluster (scripts/cassandra-dc-cluster.sh: dc1 = 127.0.0.21-22, dc2 = 127.0.0.23), as its comments ask:
# connect and create the schema with every node up, write once, stop all of dc1, write again (sync, async,
# reactive; each fails in dc1 and is retried by the example in dc2 with its "remote" profile). Not run by
# CI. Run scripts/driver-api-proving-ground.sh first: this takes its two copies of the examples (the
# Apache one, and the recipe's output), points them at dc1 (127.0.0.21, data center dc1), compiles the
# example on each side and runs it through a small runner that calls the example's own methods in that
# order. Prints whether each side ran and whether both printed the same; the cluster is restarted between
# the sides and stopped at the end. Writes under migration/target/failover-proving-ground.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ground="$root/migration/target/driver-api-proving-ground"
work="$root/migration/target/failover-proving-ground"
example=com.datastax.oss.driver.examples.failover.CrossDatacenterFailover
file=com/datastax/oss/driver/examples/failover/CrossDatacenterFailover.java
[[ -f $ground/scylla/src/main/java/$file ]] || { echo "run scripts/driver-api-proving-ground.sh first" >&2; exit 2; }
rm -rf "$work" && mkdir -p "$work"

cat > "$work/RunFailover.java" <<'JAVA'
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Calls the example's private steps in the order its comments describe, stopping dc1 in between. */
public class RunFailover {
  public static void main(String[] args) throws Throwable {
    Class<?> type = Class.forName(args[1]);
    Constructor<?> constructor = type.getDeclaredConstructor();
    constructor.setAccessible(true);
    Object client = constructor.newInstance();
    try {
      step(client, "connect");
      step(client, "createSchema");
      step(client, "writeSync");
      for (String node : new String[] {"1", "2"}) {
        Process stop = new ProcessBuilder(args[0], "stop", node).inheritIO().start();
        if (stop.waitFor() != 0) {
          throw new IllegalStateException("could not stop node " + node);
        }
      }
      System.out.println("------- dc1 stopped ------- ");
      step(client, "writeSync");
      step(client, "writeAsync");
      step(client, "writeReactive");
    } finally {
      step(client, "close");
    }
  }

  private static void step(Object client, String name) throws Throwable {
    Method method = client.getClass().getDeclaredMethod(name);
    method.setAccessible(true);
    try {
      method.invoke(client);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
JAVA

printed() { grep -v -E '^\[|^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+ \[|SLF4J|^\s+at |^\s+\.\.\. [0-9]+ more' "$1" || true; }

for side in apache scylla; do
  mkdir -p "$work/$side/src" "$work/$side/classes"
  sed -e 's/127\.0\.0\.1/127.0.0.21/g' -e 's/"datacenter1"/"dc1"/g' \
    "$ground/$side/src/main/java/$file" > "$work/$side/src/CrossDatacenterFailover.java"
  cp="$(cat "$ground/$side.cp")"
  javac -proc:none -nowarn -encoding UTF-8 -d "$work/$side/classes" -cp "$cp" \
    "$work/$side/src/CrossDatacenterFailover.java" "$work/RunFailover.java" > "$work/$side/javac.log" 2>&1 \
    || { echo "$side: does not compile (see $work/$side/javac.log)"; continue; }
  "$root/scripts/cassandra-dc-cluster.sh" start > "$work/$side/cluster.log" 2>&1
  status=ok
  timeout 300 java -ea -Ddatastax-java-driver.basic.request.timeout="30 seconds" \
    -cp "$work/$side/classes:$cp" RunFailover "$root/scripts/cassandra-dc-cluster.sh" "$example" \
    > "$work/$side/run.log" 2>&1 || status=fails
  echo "$side: $status ($(grep -c 'Write succeeded' "$work/$side/run.log" || true) writes succeeded of 4)"
done
"$root/scripts/cassandra-dc-cluster.sh" stop > /dev/null 2>&1 || true
if diff <(printed "$work/apache/run.log") <(printed "$work/scylla/run.log") > "$work/diff.txt"; then
  echo "same output: yes"
else
  echo "same output: no (see $work/diff.txt)"
fi
