#!/usr/bin/env bash
# Runs every test of the project: unit tests (*Test) and, against the project's local Apache
# Cassandra nodes, integration tests (*IT) of every module, plus the format check.
#
# The nodes are started once for the whole build (each reused if already up) and stopped at the end
# if this script started them, also when the build fails: the plain node on 127.0.0.1, then, in
# parallel, the password-authenticated node on 127.0.0.2 (--auth) and the TLS-only node on 127.0.0.3
# (--tls). Extra arguments go to Maven, e.g.
#   scripts/test.sh -pl driver-core -Dit.test=CqlSessionIT
#
# Then, in a phase of its own so that memory and CPU stay modest, the fault-tolerance suite on a 3-node
# cluster: the auth and TLS nodes this script started are stopped, scripts/cassandra-cluster.sh starts the
# cluster (127.0.0.11-13), `mvn -pl driver-core -Pcluster verify` runs the *ClusterIT/Cluster*IT tests
# (ClusterFaultIT), and the cluster is stopped again if this script started it (also on failure). The
# phase runs when no Maven arguments are given, or with CLUSTER_TESTS=1; CLUSTER_TESTS=0 skips it. After
# it, the same way, the two-datacenter suite: the 3-node cluster is stopped, scripts/cassandra-dc-cluster.sh
# starts dc1 (127.0.0.21-22, two racks) and dc2 (127.0.0.23), `mvn -pl driver-core -Pdc-cluster verify`
# runs MultiDatacenterIT, and that cluster is stopped too if this script started it.
# Before it, on the plain node, scripts/migration-check.sh (same rule, MIGRATION_TESTS=0/1), then the
# data and auto-configuration suites on the second Spring Boot line, 4.1 (same rule, BOOT_41_TESTS=0/1).
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
cluster_started=0
dc_cluster_started=0
stop_all() {
  stop_nodes
  if [[ $cluster_started == 1 ]]; then
    scripts/cassandra-cluster.sh stop || true
  fi
  if [[ $dc_cluster_started == 1 ]]; then
    scripts/cassandra-dc-cluster.sh stop || true
  fi
}
trap stop_all EXIT

# Starts one node unless it is up; remembers it for stop_nodes. "" is the plain node.
start_node() {
  local variant="$1"
  if scripts/cassandra-node.sh status $variant > /dev/null 2>&1; then
    echo "[test] reusing the node already up (${variant:-plain})"
    return 0
  fi
  scripts/cassandra-node.sh start $variant
}

# The sample's dashboard test drives Debian's headless Chromium: install it when missing.
if [[ ! -x /usr/bin/chromium ]]; then
  echo "[test] installing Debian's chromium for the dashboard browser test"
  if [[ $(id -u) == 0 ]]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get install -y -q chromium > /dev/null || {
    "${sudo[@]}" apt-get update -q > /dev/null && "${sudo[@]}" apt-get install -y -q chromium > /dev/null
  }
fi

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

# -Paot: the sample's build runs Spring's AOT processing and NativeHintsIT checks the hints.
# -Prelease: the sources and javadoc jars, the javadoc doclint-clean (it fails on any warning).
mvn -B -Dstyle.color=never verify -Paot,release "$@"

# The migration check (scripts/migration-check.sh) on the plain node: both Spring Data Cassandra apps
# and the DataStax driver API app, before and after the recipe. MIGRATION_TESTS=0 skips it; by default it runs when no Maven arguments
# are given.
if [[ "${MIGRATION_TESTS:-$([[ $# == 0 ]] && echo 1 || echo 0)}" == 1 ]]; then
  phase_start=$SECONDS
  scripts/migration-check.sh
  echo "[test] migration check took $((SECONDS - phase_start))s"
fi

# The second Spring Boot line: the data and auto-configuration suites (unit tests and ITs, one Maven
# run) again on Boot 4.1 and its Spring Data 2026.0 train (-Pboot-4.1), on the nodes still up. The
# driver is only rebuilt (its tests ran above: scylla.driver.skipTests), the format check and javadoc
# are not repeated. BOOT_41_TESTS=0 skips it; by default it runs when no Maven arguments are given.
# netty.version and kafka.version pin Netty 4.2.18.Final and Kafka 4.3.1: the registry this build
# uses does not serve the BOMs Boot 4.1.2 names (netty-bom 4.2.19.Final); with Maven Central they can go.
if [[ "${BOOT_41_TESTS:-$([[ $# == 0 ]] && echo 1 || echo 0)}" == 1 ]]; then
  phase_start=$SECONDS
  mvn -B -Dstyle.color=never verify -pl driver-core,data,autoconfigure -Pboot-4.1 \
    -Dnetty.version=4.2.18.Final -Dkafka.version=4.3.1 \
    -Dscylla.driver.skipTests=true -Dspotless.check.skip=true
  echo "[test] Spring Boot 4.1 phase took $((SECONDS - phase_start))s"
fi

if [[ "${CLUSTER_TESTS:-$([[ $# == 0 ]] && echo 1 || echo 0)}" == 1 ]]; then
  echo "[test] cluster phase: stopping the auth and TLS nodes this script started, starting the cluster"
  phase_start=$SECONDS
  kept=()
  for variant in "${started[@]+"${started[@]}"}"; do
    if [[ -n "$variant" ]]; then scripts/cassandra-node.sh stop $variant || true; else kept+=(""); fi
  done
  started=("${kept[@]+"${kept[@]}"}")
  if ! scripts/cassandra-cluster.sh status > /dev/null 2>&1; then cluster_started=1; fi
  scripts/cassandra-cluster.sh start
  mvn -B -Dstyle.color=never verify -pl driver-core -Pcluster
  echo "[test] cluster phase took $((SECONDS - phase_start))s"

  # The two-datacenter suite (MultiDatacenterIT) on its own cluster (127.0.0.21-23), once the 3-node
  # cluster this script started is stopped: one cluster at a time on two cores.
  phase_start=$SECONDS
  if [[ $cluster_started == 1 ]]; then
    scripts/cassandra-cluster.sh stop || true
    cluster_started=0
  fi
  if ! scripts/cassandra-dc-cluster.sh status > /dev/null 2>&1; then dc_cluster_started=1; fi
  scripts/cassandra-dc-cluster.sh start
  mvn -B -Dstyle.color=never verify -pl driver-core -Pdc-cluster
  echo "[test] two-datacenter phase took $((SECONDS - phase_start))s"
fi
