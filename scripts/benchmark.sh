#!/usr/bin/env bash
# Runs the benchmarks (benchmarks module): our driver, our templates, the Apache Cassandra Java driver
# and Spring Data Cassandra side by side, each client in its own JVM, in turn over several rounds.
#
#   scripts/benchmark.sh                 against the local node (started if needed, stopped at the end
#                                        only if this script started it; KEEP_NODE=1 leaves it up)
#   scripts/benchmark.sh --fake          against the lean fake node (BenchFakeNode: FakeScyllaCluster's
#                                        lean mode, its own JVM)
#   scripts/benchmark.sh --scylla        against a ScyllaDB-shaped fake cluster (FakeScyllaCluster, its own
#                                        JVM, 127.0.8.x:39042/39043): a request on a non-owning shard pays
#                                        a cross-shard hop; ours shard-aware, ours shard-unaware, Apache
#   scripts/benchmark.sh --quick [--fake|--scylla]  a smoke pass: a few hundred operations per client,
#                                        one round
#   scripts/benchmark.sh --no-build ...  the same, with the jars of an earlier run (CI's second and third
#                                        smoke passes: the tree has not changed in between)
#   scripts/benchmark.sh --scale         how cost grows (io.scyllaboot.benchmarks.ScaleRun): ours and
#                                        Apache's async API along concurrency, rows per page, value
#                                        size, statement-cache pressure and cluster size, against a
#                                        fake ScyllaDB cluster (127.0.9.x:39142); CSV, table and PNG
#                                        charts to benchmarks/results/ (about 15 min; options --axes,
#                                        --rounds, --warmup, --seconds, --out)
#   scripts/benchmark.sh --scale-quick   the same, the ends of each axis, 1 s a point (to
#                                        benchmark-results/scale-quick/)
#   scripts/benchmark.sh --soak [--minutes N]  our driver against the local node at 80% of its
#                                        measured maximum for N minutes (10), sampled every 10 s;
#                                        CSV and PNG to benchmarks/results/ (io.scyllaboot.benchmarks.Soak)
#
# Other options go to the harness (io.scyllaboot.benchmarks.Benchmark), e.g. --rounds 3,
# --concurrency 256, --clients scylla,apache, --workloads select-key, --ops 100000, --warmup 20000,
# --jvm "-Xms1g -Xmx1g", --out FILE, --no-harness (no `harness` run, no "driver alloc" column),
# --no-node-warmup; with --scylla also --nodes 2, --shards 2, --hop-us 5 (the busy-spin of a hop on
# the owning shard); --check-ratios insert.cpu=1.0,select.alloc=0.45 (CI's check: ours / Apache's
# client CPU/op or allocation/op in this run under each bound, else a "RATIO CHECK FAILED" line and exit
# code 3) with --check-ops N (the two checked clients run N operations after N of warm-up). The table goes to benchmark-results/latest[-fake|-scylla][-quick].md.
#
# The node is the one of scripts/cassandra-node.sh, so NODE_HOST, NODE_PORT, NODE_DIR, NODE_JMX_PORT select
# another one, e.g. a node of the benchmark's own beside a node that tests are using:
#   NODE_HOST=127.0.0.4 NODE_DIR=$PWD/.node-bench NODE_JMX_PORT=7499 scripts/benchmark.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

fake=0
build=1
main=io.scyllaboot.benchmarks.Benchmark
args=()
for arg in "$@"; do
  case "$arg" in
    --fake | --scylla) fake=1; args+=("$arg") ;;
    --scale) fake=1; main=io.scyllaboot.benchmarks.ScaleRun ;;
    --scale-quick) fake=1; main=io.scyllaboot.benchmarks.ScaleRun; args+=(--quick) ;;
    --soak) main=io.scyllaboot.benchmarks.Soak ;;
    --no-build) build=0 ;;
    *) args+=("$arg") ;;
  esac
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

jar=benchmarks/target/scylla-boot-benchmarks-0.1.0-SNAPSHOT.jar
if [[ $build == 1 || ! -f $jar ]]; then
  echo "[benchmark] building the benchmarks module"
  mvn -B -q -Dstyle.color=never -pl benchmarks,benchmarks-scylladb-driver -am package -DskipTests -Dspotless.check.skip=true
fi
echo "[benchmark] $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load: $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
node=()
if [[ $fake == 0 ]]; then
  node=(--host "${NODE_HOST:-127.0.0.1}" --port "${NODE_PORT:-9042}")
fi
jvm=(-Xmx512m)
if [[ $main == io.scyllaboot.benchmarks.Soak ]]; then
  # the soak's own JVM is the client measured: a fixed heap, so that "heap stayed flat" means something
  jvm=(-Xms1g -Xmx1g -XX:+UseG1GC)
fi
java "${jvm[@]}" -Djava.awt.headless=true \
  -cp "$jar:benchmarks/target/lib/*" \
  "$main" "${node[@]}" "${args[@]}"
