# Shared by scripts/cassandra-cluster.sh and scripts/cassandra-dc-cluster.sh (sourced, not run): fetching
# the jars once, starting and stopping nodes in parallel, and the readiness check. The caller defines
# root, timeout, lib_dir, say, host N (a node's address) and node N ARGS... (scripts/cassandra-node.sh
# for node N with that cluster's settings), and passes a description of the ready cluster to start_nodes.

# Every node answers CQL and lists the other two in system.peers, within $1 seconds.
check() {
  java "$root/scripts/cassandra-cluster/ClusterCheck.java" "$1" "$(host 1)" "$(host 2)" "$(host 3)"
}

# The jars are fetched once, before the nodes share them.
fetch_jars() {
  if [[ ! -f "$lib_dir/.complete" ]]; then
    say "fetching the Cassandra jars into $lib_dir"
    mkdir -p "$lib_dir"
    mvn -B -q -Dstyle.color=never -f "$root/scripts/cassandra-node/pom.xml" dependency:copy-dependencies \
      -Dnode.lib="$lib_dir"
    touch "$lib_dir/.complete"
  fi
}

# start_nodes DESCRIPTION N...: starts the nodes in parallel, then waits until they all see each other.
start_nodes() {
  local description="$1" started=$SECONDS pids=() n failed=0
  shift
  fetch_jars
  for n in "$@"; do
    node "$n" start &
    pids+=($!)
  done
  for n in "${pids[@]}"; do
    wait "$n" || failed=1
  done
  if (( failed )); then
    say "a node failed to start"
    return 1
  fi
  if ! check "$timeout"; then
    say "the nodes did not all see each other within ${timeout}s"
    return 1
  fi
  say "cluster ready after $((SECONDS - started))s: $description"
}

# stop_nodes N...: SIGTERM to each node in parallel, waiting for every process to end.
stop_nodes() {
  local pids=() n
  for n in "$@"; do
    node "$n" stop &
    pids+=($!)
  done
  for n in "${pids[@]}"; do
    wait "$n" || true
  done
}
