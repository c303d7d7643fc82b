#!/usr/bin/env bash
# A local 3-node Apache Cassandra 5.0 cluster, for the fault-tolerance tests (driver-core, -Pcluster).
#
#   scripts/cassandra-cluster.sh start        start the three nodes in parallel (each reused if up) and wait
#                                             until every node answers CQL and lists the other two in
#                                             system.peers
#   scripts/cassandra-cluster.sh stop         stop every node (SIGTERM, in parallel)
#   scripts/cassandra-cluster.sh status       what each node answers; exit 1 unless all three are ready
#   scripts/cassandra-cluster.sh start N      start node N (1-3) and wait until the cluster is ready again
#   scripts/cassandra-cluster.sh stop N       stop node N with SIGTERM and wait for its process to end
#   scripts/cassandra-cluster.sh kill N       kill node N with SIGKILL (no shutdown at all)
#   scripts/cassandra-cluster.sh restart N    stop N (SIGTERM), then start it as above
#
# Node N listens on 127.0.0.1N:9042 (127.0.0.11-13, beside the single nodes on 127.0.0.1-3), has JMX port
# 761N and lives under .cluster/nodeN/ at the repository root (ignored by git); cluster name
# scylla-boot-cluster, seed node 1, the jars of the plain node (.node/lib, fetched once). Each node is
# started through scripts/cassandra-node.sh. Settings (environment): CLUSTER_HEAP (default 512M),
# CLUSTER_START_TIMEOUT seconds (default 180) for the CQL ports and the peers to appear.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command="${1:-}"
index="${2:-}"
heap="${CLUSTER_HEAP:-512M}"
timeout="${CLUSTER_START_TIMEOUT:-180}"
lib_dir="$root/.node/lib"
all=(1 2 3)

say() { echo "[cassandra-cluster] $*"; }
usage() { echo "usage: $0 start|stop|status [N] | kill N | restart N   (N = 1, 2 or 3)" >&2; exit 2; }
host() { echo "127.0.0.1$1"; }

# Runs scripts/cassandra-node.sh for node $1 with the cluster's settings.
node() {
  local n="$1"
  shift
  NODE_DIR="$root/.cluster/node$n" NODE_HOST="$(host "$n")" NODE_JMX_PORT="761$n" NODE_HEAP="$heap" \
    NODE_LIB_DIR="$lib_dir" NODE_CLUSTER_NAME=scylla-boot-cluster NODE_SEEDS="$(host 1)" \
    NODE_START_TIMEOUT="$timeout" "$root/scripts/cassandra-node.sh" "$@"
}

pid_of() {
  local file="$root/.cluster/node$1/cassandra.pid"
  [[ -f "$file" ]] && kill -0 "$(cat "$file")" 2>/dev/null && cat "$file"
}

# shellcheck source=cassandra-cluster/lib.sh
source "$root/scripts/cassandra-cluster/lib.sh"

kill_node() {
  local pid
  if ! pid="$(pid_of "$1")"; then
    say "node $1 is not running"
    return 0
  fi
  kill -9 "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -f "$root/.cluster/node$1/cassandra.pid"
  say "node $1 (pid $pid) killed"
}

if [[ -n "$index" && ! "$index" =~ ^[123]$ ]]; then usage; fi
if [[ -n "$index" ]]; then targets=("$index"); else targets=("${all[@]}"); fi
case "$command" in
  start) start_nodes "$(host 1), $(host 2), $(host 3) port 9042" "${targets[@]}" ;;
  stop) stop_nodes "${targets[@]}" ;;
  status) check 0 ;;
  kill) [[ -n "$index" ]] || usage; kill_node "$index" ;;
  restart)
    [[ -n "$index" ]] || usage
    stop_nodes "$index"
    start_nodes "$(host 1), $(host 2), $(host 3) port 9042" "$index"
    ;;
  *) usage ;;
esac
