#!/usr/bin/env bash
# Runs the sample application, the sensors web service, against a Cassandra/ScyllaDB node:
#   scripts/run-sample.sh              the Spring Boot sample on http://localhost:8080 (PORT=...)
#   scripts/run-sample.sh quickstart   the plain-driver quick start (writes, reads, exits)
#
# When no node answers at SCYLLA_CONTACT_POINTS (default 127.0.0.1:9042), the project's local
# Apache Cassandra node is started first (scripts/cassandra-node.sh), and stopped again when the
# sample exits (set KEEP_NODE=1 to leave it running). Point SCYLLA_CONTACT_POINTS (host:port,...)
# and SCYLLA_LOCAL_DC at an existing cluster to use it instead.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
sample="${1:-sensors}"
contact="${SCYLLA_CONTACT_POINTS:-127.0.0.1:9042}"
first="${contact%%,*}"
host="${first%:*}"
port="${first##*:}"

reachable() { (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; }

started_node=0
stop_node() {
  if [[ $started_node == 1 && "${KEEP_NODE:-0}" != 1 ]]; then
    scripts/cassandra-node.sh stop || true
  fi
}
trap stop_node EXIT

if reachable; then
  echo "[sample] using the node at $host:$port"
elif [[ "$host" == "127.0.0.1" && "$port" == "9042" ]]; then
  echo "[sample] no node at $host:$port: starting the project's local node"
  scripts/cassandra-node.sh start
  started_node=1
else
  echo "[sample] no node answers at $host:$port (SCYLLA_CONTACT_POINTS); start it or point there" >&2
  exit 1
fi

echo "[sample] building (tests skipped)"
mvn -B -q -Dstyle.color=never install -DskipTests -Dspotless.check.skip=true

if [[ "$sample" == quickstart ]]; then
  mvn -B -q -Dstyle.color=never -pl samples exec:java
else
  echo "[sample] starting the sensors service on http://localhost:${PORT:-8080} (Ctrl-C stops it)"
  echo "[sample] try: curl -X PUT localhost:${PORT:-8080}/sensors/t-101 -H 'Content-Type: application/json' \\"
  echo "           -d '{\"name\":\"Lab\",\"location\":{\"site\":\"lab\",\"floor\":2},\"kind\":\"TEMPERATURE\"}'"
  echo "[sample]      curl localhost:${PORT:-8080}/actuator/health   (more in docs/getting-started.md)"
  java -jar samples/target/scylla-boot-samples-0.1.0-SNAPSHOT-exec.jar
fi
