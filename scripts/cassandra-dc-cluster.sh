#!/usr/bin/env bash
# A local two-datacenter Apache Cassandra 5.0 cluster, for the routing tests (driver-core, -Pdc-cluster):
# node 1 in dc1/rack1, node 2 in dc1/rack2, node 3 in dc2/rack1 (GossipingPropertyFileSnitch).
#
#   scripts/cassandra-dc-cluster.sh start        start the three nodes in parallel (each reused if up) and
#                                                wait until every node answers CQL and lists the other two
#   scripts/cassandra-dc-cluster.sh stop         stop every node (SIGTERM, in parallel)
#   scripts/cassandra-dc-cluster.sh status       what each node answers; exit 1 unless all three are ready
#   scripts/cassandra-dc-cluster.sh start N      start node N (1-3) and wait until the cluster is ready again
#   scripts/cassandra-dc-cluster.sh stop N       stop node N with SIGTERM and wait for its process to end
#
# Node N listens on 127.0.0.2N:9042 (127.0.0.21-23, apart from the 3-node cluster's 127.0.0.11-13), has JMX
# port 762N and lives under .dc-cluster/nodeN/ at the repository root (ignored by git); cluster name
# scylla-boot-dc-cluster, seeds nodes 1 and 3 (one per data center, so either side restarts alone), the
# jars of the plain node (.node/lib, fetched once; DC_CLUSTER_LIB_DIR overrides). Each node is started
# through scripts/cassandra-node.sh. Settings (environment): DC_CLUSTER_HEAP (default 384M: three nodes on
# two cores), DC_CLUSTER_START_TIMEOUT seconds (default 180) for the CQL ports and the peers to appear.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command="${1:-}"
index="${2:-}"
heap="${DC_CLUSTER_HEAP:-384M}"
timeout="${DC_CLUSTER_START_TIMEOUT:-180}"
lib_dir="${DC_CLUSTER_LIB_DIR:-$root/.node/lib}"
all=(1 2 3)
datacenters=(- dc1 dc1 dc2)
racks=(- rack1 rack2 rack1)

say() { echo "[cassandra-dc-cluster] $*"; }
usage() { echo "usage: $0 start|stop|status [N]   (N = 1, 2 or 3)" >&2; exit 2; }
host() { echo "127.0.0.2$1"; }

# Runs scripts/cassandra-node.sh for node $1 with the cluster's settings.
node() {
  local n="$1"
  shift
  NODE_DIR="$root/.dc-cluster/node$n" NODE_HOST="$(host "$n")" NODE_JMX_PORT="762$n" NODE_HEAP="$heap" \
    NODE_LIB_DIR="$lib_dir" NODE_CLUSTER_NAME=scylla-boot-dc-cluster NODE_SEEDS="$(host 1),$(host 3)" \
    NODE_SNITCH=GossipingPropertyFileSnitch NODE_DC="${datacenters[$n]}" NODE_RACK="${racks[$n]}" \
    NODE_START_TIMEOUT="$timeout" "$root/scripts/cassandra-node.sh" "$@"
}

# shellcheck source=cassandra-cluster/lib.sh
source "$root/scripts/cassandra-cluster/lib.sh"

if [[ -n "$index" && ! "$index" =~ ^[123]$ ]]; then usage; fi
if [[ -n "$index" ]]; then targets=("$index"); else targets=("${all[@]}"); fi
case "$command" in
  start) start_nodes "dc1 $(host 1) (rack1), $(host 2) (rack2); dc2 $(host 3)" "${targets[@]}" ;;
  stop) stop_nodes "${targets[@]}" ;;
  status) check 0 ;;
  *) usage ;;
esac
