#!/usr/bin/env bash
# The project's local Apache Cassandra 5.0 nodes, for tests, samples and benchmarks.
#
#   scripts/cassandra-node.sh start [--auth|--tls]   fetch the jars (once), write the configuration, start
#                                                    the node in the background and wait for its CQL port;
#                                                    reuses a node that is already up
#   scripts/cassandra-node.sh stop [--auth|--tls]    stop the node this script started
#   scripts/cassandra-node.sh status [--auth|--tls]  say whether the CQL port answers
#
# Without a flag: the plain node on 127.0.0.1:9042, under .node/ at the repository root (ignored by git):
# lib/, conf/, data/, logs/. Settings (environment): NODE_HEAP (default 768M), NODE_START_TIMEOUT seconds
# (default 180), NODE_DIR (default <repo>/.node), NODE_HOST (default 127.0.0.1), NODE_PORT (default 9042),
# NODE_JMX_PORT (default 7199; set it to run a second plain node beside the first), NODE_LIB_DIR (default
# <NODE_DIR>/lib), NODE_CLUSTER_NAME (default scylla-boot-test), NODE_SEEDS (default the node itself); the
# last three let scripts/cassandra-cluster.sh run the nodes of a multi-node cluster through this script;
# NODE_SNITCH (default SimpleSnitch), NODE_DC and NODE_RACK (written to cassandra-rackdc.properties for
# GossipingPropertyFileSnitch) let scripts/cassandra-dc-cluster.sh place its nodes.
#
# --auth: a node with PasswordAuthenticator and CassandraAuthorizer (superuser cassandra/cassandra, created at
#         once) on 127.0.0.2:9042, under .node-auth/, JMX port 7299.
# --tls:  a node that accepts only TLS clients on 127.0.0.3:9042, under .node-tls/, JMX port 7399. Its
#         self-signed key pair (RSA, SAN=IP:127.0.0.3) is generated once into .node-tls/conf/keystore.p12
#         (password scylla-boot); the certificate is exported to .node-tls/conf/node-cert.pem for clients.
# Both are single-node clusters of their own (they share the jars in .node/lib) with NODE_HEAP default 512M.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command="${1:-}"
variant="${2:-}"
case "$variant" in
  "")
    node_dir="${NODE_DIR:-$root/.node}"
    host="${NODE_HOST:-127.0.0.1}"
    heap="${NODE_HEAP:-768M}"
    jmx_port="${NODE_JMX_PORT:-7199}"
    lib_dir="${NODE_LIB_DIR:-$node_dir/lib}"
    cluster="${NODE_CLUSTER_NAME:-scylla-boot-test}"
    ;;
  --auth)
    node_dir="$root/.node-auth"
    host=127.0.0.2
    heap="${NODE_HEAP:-512M}"
    jmx_port=7299
    lib_dir="$root/.node/lib"
    cluster=scylla-boot-auth
    ;;
  --tls)
    node_dir="$root/.node-tls"
    host=127.0.0.3
    heap="${NODE_HEAP:-512M}"
    jmx_port=7399
    lib_dir="$root/.node/lib"
    cluster=scylla-boot-tls
    ;;
  *) echo "usage: $0 start|stop|status [--auth|--tls]" >&2; exit 2 ;;
esac
port="${NODE_PORT:-9042}"
timeout="${NODE_START_TIMEOUT:-180}"
pid_file="$node_dir/cassandra.pid"
log_dir="$node_dir/logs"
java_bin="${CASSANDRA_JAVA:-java}"
keystore_password=scylla-boot

say() { echo "[cassandra-node${variant:+ $variant}] $*"; }

port_open() {
  (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null && return 0 || return 1
}

running_pid() {
  [[ -f "$pid_file" ]] || return 1
  local pid
  pid="$(cat "$pid_file")"
  kill -0 "$pid" 2>/dev/null && { echo "$pid"; return 0; }
  return 1
}

fetch_jars() {
  if [[ -f "$lib_dir/.complete" ]]; then return 0; fi
  say "fetching org.apache.cassandra:cassandra-all and its runtime jars into $lib_dir"
  mkdir -p "$lib_dir"
  mvn -B -q -Dstyle.color=never -f "$root/scripts/cassandra-node/pom.xml" dependency:copy-dependencies \
    -Dnode.lib="$lib_dir"
  touch "$lib_dir/.complete"
}

# The TLS node's self-signed key pair, made once; clients trust the exported certificate.
generate_keystore() {
  local keystore="$node_dir/conf/keystore.p12"
  if [[ -f "$keystore" ]]; then return 0; fi
  say "generating a self-signed key pair for $host into $keystore"
  keytool -genkeypair -alias node -keyalg RSA -keysize 2048 -validity 3650 \
    -dname "CN=scylla-boot-tls-node" -ext "SAN=IP:$host" -storetype PKCS12 \
    -keystore "$keystore" -storepass "$keystore_password" -keypass "$keystore_password" > /dev/null 2>&1
  keytool -exportcert -rfc -alias node -keystore "$keystore" -storepass "$keystore_password" \
    -file "$node_dir/conf/node-cert.pem" > /dev/null 2>&1
}

# The lines of cassandra.yaml that differ between the variants.
variant_config() {
  case "$variant" in
    --auth)
      echo "authenticator: PasswordAuthenticator"
      echo "authorizer: CassandraAuthorizer"
      ;;
    *)
      echo "authenticator: AllowAllAuthenticator"
      echo "authorizer: AllowAllAuthorizer"
      ;;
  esac
  if [[ "$variant" == --tls ]]; then
    cat <<YAML
client_encryption_options:
  enabled: true
  optional: false
  keystore: $node_dir/conf/keystore.p12
  keystore_password: $keystore_password
  store_type: PKCS12
  require_client_auth: false
YAML
  fi
}

write_config() {
  mkdir -p "$node_dir/conf" "$node_dir/data" "$log_dir"
  if [[ "$variant" == --tls ]]; then generate_keystore; fi
  cat > "$node_dir/conf/cassandra.yaml" <<YAML
cluster_name: $cluster
num_tokens: 16
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
endpoint_snitch: ${NODE_SNITCH:-SimpleSnitch}
auto_bootstrap: false
storage_compatibility_mode: NONE
listen_address: $host
rpc_address: $host
storage_port: 7000
start_native_transport: true
native_transport_port: $port
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "${NODE_SEEDS:-$host}"
data_file_directories:
  - $node_dir/data/data
commitlog_directory: $node_dir/data/commitlog
saved_caches_directory: $node_dir/data/saved_caches
hints_directory: $node_dir/data/hints
cdc_raw_directory: $node_dir/data/cdc_raw
commitlog_sync: periodic
commitlog_sync_period: 10000ms
memtable_heap_space: 64MiB
memtable_offheap_space: 64MiB
concurrent_compactors: 1
auto_snapshot: false
$(variant_config)
role_manager: CassandraRoleManager
user_defined_functions_enabled: false
materialized_views_enabled: true
# SASI: Spring Data Cassandra's @SASI indexes and LIKE queries (Cassandra 5.0 keeps them off by default).
sasi_indexes_enabled: true
YAML
  cat > "$node_dir/conf/logback.xml" <<XML
<configuration>
  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
    <file>$log_dir/system.log</file>
    <encoder><pattern>%-5level [%thread] %date{ISO8601} %F:%L - %msg%n</pattern></encoder>
  </appender>
  <root level="INFO"><appender-ref ref="FILE"/></root>
</configuration>
XML
}

start() {
  if port_open; then
    say "a node already answers on $host:$port; reusing it"
    return 0
  fi
  if pid="$(running_pid)"; then
    say "node process $pid is up but its CQL port is closed; waiting for it"
  else
    fetch_jars
    write_config
    : > "$log_dir/system.log"
    local classpath="$lib_dir/*"
    if [[ -n "${NODE_DC:-}" ]]; then
      # GossipingPropertyFileSnitch reads its data center and rack from the classpath.
      printf 'dc=%s\nrack=%s\n' "$NODE_DC" "${NODE_RACK:-rack1}" > "$node_dir/conf/cassandra-rackdc.properties"
      classpath="$node_dir/conf:$classpath"
    fi
    local flags=(
      "-Xms$heap" "-Xmx$heap" -ea -da:net.openhft... -XX:+UseThreadPriorities -Xss256k -XX:+UseTLAB
      -XX:+ResizeTLAB -XX:+PerfDisableSharedMem -Djava.net.preferIPv4Stack=true -XX:+UseG1GC
      -XX:+ParallelRefProcEnabled -XX:MaxTenuringThreshold=1 -XX:G1RSetUpdatingPauseTimePercent=5
      -XX:MaxGCPauseMillis=300 -Djdk.attach.allowAttachSelf=true
      --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED
      --add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
      --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED --add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED
      --add-exports=java.sql/java.sql=ALL-UNNAMED --add-exports=java.base/java.lang.ref=ALL-UNNAMED
      --add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED
      --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
      --add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED
      --add-opens=java.base/java.lang.module=ALL-UNNAMED --add-opens=java.base/jdk.internal.loader=ALL-UNNAMED
      --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED --add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED
      --add-opens=java.base/jdk.internal.math=ALL-UNNAMED --add-opens=java.base/jdk.internal.module=ALL-UNNAMED
      --add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED
      --add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED
      --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
      --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED
      --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
      -Dio.netty.tryReflectionSetAccessible=true -Dio.netty.allocator.useCacheForAllThreads=true
      -Dio.netty.allocator.maxOrder=11
      "-Dcassandra.config=file://$node_dir/conf/cassandra.yaml" -Dcassandra-foreground=yes
      "-Dcassandra.logdir=$log_dir" "-Dcassandra.storagedir=$node_dir/data" "-Dcassandra.jmx.local.port=$jmx_port"
      -Dcassandra.skip_wait_for_gossip_to_settle=0 -Dcassandra.superuser_setup_delay_ms=0
      "-Dlogback.configurationFile=file://$node_dir/conf/logback.xml"
      -cp "$classpath" org.apache.cassandra.service.CassandraDaemon
    )
    say "starting Apache Cassandra 5.0 on $host:$port (heap $heap)"
    nohup "$java_bin" "${flags[@]}" > "$log_dir/stdout.log" 2>&1 < /dev/null &
    echo $! > "$pid_file"
  fi
  local pid waited=0
  pid="$(cat "$pid_file")"
  while ! port_open; do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "the node (pid $pid) exited before its CQL port opened; last lines of its logs:"
      tail -n 40 "$log_dir/system.log" "$log_dir/stdout.log" >&2 || true
      rm -f "$pid_file"
      return 1
    fi
    if (( waited >= timeout )); then
      say "the CQL port did not open within ${timeout}s; last lines of $log_dir/system.log:"
      tail -n 40 "$log_dir/system.log" >&2 || true
      kill "$pid" 2>/dev/null || true
      rm -f "$pid_file"
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  say "node up on $host:$port after ${waited}s (pid $pid); logs: $log_dir/system.log"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    say "no node started by this script is running"
    rm -f "$pid_file"
    return 0
  fi
  say "stopping node (pid $pid)"
  kill "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pid_file"; say "stopped"; return 0; }
    sleep 1
  done
  say "node did not stop within 60s; killing it"
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$pid_file"
}

case "$command" in
  start) start ;;
  stop) stop ;;
  status) if port_open; then say "up on $host:$port"; else say "down"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status [--auth|--tls]" >&2; exit 2 ;;
esac
