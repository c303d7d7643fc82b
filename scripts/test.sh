#!/usr/bin/env bash
# Runs every test of the project: unit tests (*Test) and, against the project's local Apache
# Cassandra node, integration tests (*IT) of every module, plus the format check.
#
# The node is started once for the whole build (reused if already up) and stopped at the end if this
# script started it, also when the build fails. Extra arguments go to Maven, e.g.
#   scripts/test.sh -pl driver-core -Dit.test=CqlSessionIT
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

started_node=0
stop_node() {
  if [[ $started_node == 1 ]]; then
    scripts/cassandra-node.sh stop || true
  fi
}
trap stop_node EXIT

if ! scripts/cassandra-node.sh status > /dev/null 2>&1; then
  scripts/cassandra-node.sh start
  started_node=1
else
  echo "[test] reusing the node already up on 127.0.0.1:9042"
fi

mvn -B -Dstyle.color=never verify "$@"
