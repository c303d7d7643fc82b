#!/usr/bin/env bash
# Runs the benchmarks (benchmarks module): our driver, our templates, the Apache Cassandra Java driver
# and Spring Data Cassandra side by side, each client in its own JVM, in turn over several rounds.
#
#   scripts/benchmark.sh                 against the local node (started if needed, stopped at the end
#                                        only if this script started it; KEEP_NODE=1 leaves it up)
#   scripts/benchmark.sh --fake          against the lean fake node (BenchFakeNode, its own JVM)
#   scripts/benchmark.sh --scylla        against a ScyllaDB-shaped fake cluster (FakeScyllaCluster, its own
#                                        JVM, 127.0.8.x:39042/39043): a request on a non-owning shard pays
#                                        a cross-shard hop; ours shard-aware, ours shard-unaware, Apache
#   scripts/benchmark.sh --quick [--fake|--scylla]  a smoke pass: a few hundred operations per client,
#                                        one round
#
# Other options go to the harness (io.scyllaboot.benchmarks.Benchmark), e.g. --rounds 3,
# --concurrency 256, --clients scylla,apache, --workloads select-key, --ops 100000, --warmup 20000,
# --jvm "-Xms1g -Xmx1g", --out FILE; with --scylla also --nodes 2, --shards 2, --hop-us 5 (the busy-spin
# of a hop on the owning shard). The table goes to benchmark-results/latest[-fake|-scylla][-quick].md.
#
# The node is the one of scripts/cassandra-node.sh, so NODE_HOST, NODE_PORT, NODE_DIR, NODE_JMX_PORT select
# another one, e.g. a node of the benchmark's own beside a node that tests are using:
#   NODE_HOST=127.0.0.4 NODE_DIR=$PWD/.node-bench NODE_JMX_PORT=7499 scripts/benchmark.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

fake=0
for arg in "$@"; do
  [[ "$arg" == --fake || "$arg" == --scylla ]] && fake=1
done

started_node=0
stop_node() {
  if [[ $started_node == 1 && "${KEEP_NODE:-0}" != 1 ]]; then
    scripts/cassandra-node.sh stop || true
  fi
}
trap stop_node EXIT

if [[ $fake == 0 ]]; then
  if scripts/cassandra-node.sh status > /dev/null 2>&1; then
    echo "[benchmark] reusing the node already up"
  else
    scripts/cassandra-node.sh start
    started_node=1
  fi
fi

echo "[benchmark] building the benchmarks module"
mvn -B -q -Dstyle.color=never -pl benchmarks -am package -DskipTests -Dspotless.check.skip=true
echo "[benchmark] $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load: $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
node=()
if [[ $fake == 0 ]]; then
  node=(--host "${NODE_HOST:-127.0.0.1}" --port "${NODE_PORT:-9042}")
fi
java -Xmx512m -cp "benchmarks/target/benchmarks-0.1.0-SNAPSHOT.jar:benchmarks/target/lib/*" \
  io.scyllaboot.benchmarks.Benchmark "${node[@]}" "$@"
