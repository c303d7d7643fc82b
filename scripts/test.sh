#!/usr/bin/env bash
# Runs every test of the project: unit tests (*Test) and, against the project's local Apache
# Cassandra nodes, integration tests (*IT) of every module, plus the format check.
#
# The nodes are started once for the whole build (each reused if already up) and stopped at the end
# if this script started them, also when the build fails: the plain node on 127.0.0.1, then, in
# parallel, the password-authenticated node on 127.0.0.2 (--auth) and the TLS-only node on 127.0.0.3
# (--tls). Extra arguments go to Maven, e.g.
#   scripts/test.sh -pl driver-core -Dit.test=CqlSessionIT
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

started=()
stop_nodes() {
  local variant
  for variant in "${started[@]+"${started[@]}"}"; do
    scripts/cassandra-node.sh stop $variant || true
  done
}
trap stop_nodes EXIT

# Starts one node unless it is up; remembers it for stop_nodes. "" is the plain node.
start_node() {
  local variant="$1"
  if scripts/cassandra-node.sh status $variant > /dev/null 2>&1; then
    echo "[test] reusing the node already up (${variant:-plain})"
    return 0
  fi
  scripts/cassandra-node.sh start $variant
}

# The plain node first: it fetches the jars the other two share.
if ! scripts/cassandra-node.sh status > /dev/null 2>&1; then started+=(""); fi
start_node ""
extra_pids=()
for variant in --auth --tls; do
  if ! scripts/cassandra-node.sh status $variant > /dev/null 2>&1; then started+=("$variant"); fi
  start_node "$variant" &
  extra_pids+=($!)
done
for pid in "${extra_pids[@]}"; do
  wait "$pid"
done

mvn -B -Dstyle.color=never verify "$@"
