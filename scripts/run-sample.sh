#!/usr/bin/env bash
# Runs the sample application against the project's local Apache Cassandra node: starts the node if
# needed, builds the project (without tests), runs the sample, and stops the node again if this
# script started it (set KEEP_NODE=1 to leave it running for the next run).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

started_node=0
stop_node() {
  if [[ $started_node == 1 && "${KEEP_NODE:-0}" != 1 ]]; then
    scripts/cassandra-node.sh stop || true
  fi
}
trap stop_node EXIT

if ! scripts/cassandra-node.sh status > /dev/null 2>&1; then
  scripts/cassandra-node.sh start
  started_node=1
fi

mvn -B -q -Dstyle.color=never install -DskipTests -Dspotless.check.skip=true
mvn -B -q -Dstyle.color=never -pl samples exec:java "$@"
