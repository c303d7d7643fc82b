#!/usr/bin/env bash
# The same application on both stacks (issue 35): benchmarks/twin, an orders service written against Spring
# Data Cassandra, is built as it is ("sdc") and, after the migration recipe runs on a copy, on Scylla Boot
# ("scylla"; "scylla-vt": the same jar on Java 25 with spring.threads.virtual.enabled=true). In interleaved
# rounds each stack is started against the node, timed to its first served request, seeded, warmed up,
# loaded over HTTP by wrk (benchmarks/twin/load.lua: reads and writes) at each concurrency, then runs the
# bulk import (saveAll, findAllById, deleteAll of TWIN_BULK products) and is stopped. Prints a markdown
# table of the medians (min-max over rounds) with the ratios to "sdc".
#
# Measured per stack: requests/s, the application's CPU per request (/proc/<pid>/stat before and after
# each load), p50/p99 (wrk), non-2xx answers, the node's CPU per request (when its pid file is found),
# RSS after warm-up (/proc/<pid>/status), the live heap after a full GC (jcmd), start-up to the first
# served request, and the bulk's wall and CPU time and final state.
#
# Needs: a node (scripts/cassandra-node.sh start), wrk (apt-get install wrk), curl, python3. A run that
# starts with a 1-minute load average above 1.0 is marked NOT QUIET: its figures are not to be recorded.
# Settings (environment), defaults in brackets:
#   TWIN_NODE [127.0.0.1]  TWIN_NODE_DIR [<repo>/.node] (its cassandra.pid: the node's CPU)
#   TWIN_ROUNDS [3]  TWIN_DURATION [60s]  TWIN_WARMUP [30s]  TWIN_CONNECTIONS ["16 64 256"]  TWIN_THREADS [2]
#   TWIN_STACKS ["sdc scylla scylla-vt"; without Java 25 "sdc scylla"; "sdc-vt" also exists]
#   TWIN_JVM ["-Xms512m -Xmx512m"]  TWIN_JAVA [java]  TWIN_JAVA25 [/usr/lib/jvm/temurin-25-jdk-amd64]
#   TWIN_BULK [10000]  TWIN_CUSTOMERS [1000]  TWIN_ORDERS [20 per customer]  TWIN_PORT [18080]
#   TWIN_M2 [Maven's default local repository]  TWIN_SKIP_INSTALL=1 (the modules are installed already)
#   TWIN_WORK [${TMPDIR:-/tmp}/scylla-boot-twin-benchmark: outside the repository, see below]
#   TWIN_SKIP_BUILD=1 (reuse the jars of the last run, under TWIN_WORK)  TWIN_BUILD_ONLY=1 (build, stop)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

node="${TWIN_NODE:-127.0.0.1}"
node_dir="${TWIN_NODE_DIR:-$root/.node}"
rounds="${TWIN_ROUNDS:-3}"
duration="${TWIN_DURATION:-60s}"
warmup="${TWIN_WARMUP:-30s}"
connections="${TWIN_CONNECTIONS:-16 64 256}"
threads="${TWIN_THREADS:-2}"
java17="${TWIN_JAVA:-java}"
java25="${TWIN_JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
if [[ -x "$java25/bin/java" ]]; then default_stacks="sdc scylla scylla-vt"; else default_stacks="sdc scylla"; fi
stacks="${TWIN_STACKS:-$default_stacks}"
jvm_opts="${TWIN_JVM:--Xms512m -Xmx512m}"
bulk="${TWIN_BULK:-10000}"
customers="${TWIN_CUSTOMERS:-1000}"
orders="${TWIN_ORDERS:-20}"
port="${TWIN_PORT:-18080}"
base="http://127.0.0.1:$port"
# Outside the repository: OpenRewrite skips the files git ignores, and a copy under this repository's
# target/ is ignored, so the recipe would change nothing there and both stacks would be Spring Data Cassandra.
work="${TWIN_WORK:-${TMPDIR:-/tmp}/scylla-boot-twin-benchmark}"
results="$work/results.tsv"
plugin=org.openrewrite.maven:rewrite-maven-plugin:6.46.1
recipe=io.scyllaboot.migration.SpringDataCassandraToScyllaBoot
coordinates=io.scyllaboot:scylla-boot-migration:0.1.0-SNAPSHOT
mvn_args=(-B -Dstyle.color=never)
if [[ -n "${TWIN_M2:-}" ]]; then mvn_args+=("-Dmaven.repo.local=$TWIN_M2"); fi
ticks_per_second="$(getconf CLK_TCK)"

say() { echo "[twin] $*"; }
for tool in wrk curl python3; do
  command -v "$tool" > /dev/null || { say "needs $tool (wrk: sudo apt-get install -y wrk)"; exit 2; }
done

build() {
  if [[ "${TWIN_SKIP_INSTALL:-0}" != 1 ]]; then
    say "installing Scylla Boot's modules and the recipe into the local repository"
    # A private repository made with cp -al shares its files' inodes with the one it was copied from, and
    # an install writes into the existing files: unlink ours first, so that the install writes new ones.
    if [[ -n "${TWIN_M2:-}" ]]; then rm -rf "$TWIN_M2/io/scyllaboot"; fi
    mvn "${mvn_args[@]}" -q install -DskipTests -Dspotless.check.skip=true \
      -pl .,driver-core,data,autoconfigure,starter,test-support,migration
  fi
  rm -rf "$work/sdc" "$work/scylla"
  mkdir -p "$work"
  cp -r benchmarks/twin "$work/sdc"
  rm -rf "$work/sdc/target"
  cp -r "$work/sdc" "$work/scylla"
  say "running the recipe on a copy"
  (cd "$work/scylla" && mvn "${mvn_args[@]}" "$plugin:run" -Drewrite.recipeArtifactCoordinates="$coordinates" \
    -Drewrite.activeRecipes="$recipe" > "$work/recipe.log" 2>&1) || { say "the recipe failed: $work/recipe.log"; exit 1; }
  if grep -q "spring-boot-starter-data-cassandra" "$work/scylla/pom.xml" || ! grep -q "scylla-boot-starter" "$work/scylla/pom.xml"; then
    say "the recipe left the copy on Spring Data Cassandra ($work/scylla/pom.xml): refusing to compare a stack with itself"; exit 1
  fi
  for stack in sdc scylla; do
    say "building the $stack jar"
    (cd "$work/$stack" && mvn "${mvn_args[@]}" -q package -DskipTests > "$work/build-$stack.log" 2>&1) || {
      say "the $stack build failed: $work/build-$stack.log"; grep -E "ERROR.*\.java" "$work/build-$stack.log" | head; exit 1; }
  done
}

if [[ "${TWIN_SKIP_BUILD:-0}" != 1 ]]; then build; fi
if [[ "${TWIN_BUILD_ONLY:-0}" == 1 ]]; then say "built; TWIN_SKIP_BUILD=1 measures"; exit 0; fi

# Quiet means quiet when the measurement starts: after the build, which loads the machine itself.
load_start="$(cut -d' ' -f1 /proc/loadavg)"
quiet=1
if python3 -c "import sys; sys.exit(0 if float('$load_start') > 1.0 else 1)"; then
  quiet=0
  say "WARNING: 1-minute load average $load_start > 1.0 at the start: the table is marked NOT QUIET, do not record it"
fi
mkdir -p "$work"
: > "$results"

app_pid=""
stop_app() {
  if [[ -n "$app_pid" ]] && kill -0 "$app_pid" 2> /dev/null; then
    kill "$app_pid"
    wait "$app_pid" 2> /dev/null || true
  fi
  app_pid=""
}
trap stop_app EXIT

# CPU time (utime + stime, in clock ticks) of a process; 0 when it is gone.
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" 2> /dev/null | awk '{print $12 + $13}' || echo 0; }
node_pid() {
  local pid
  pid="$(cat "$node_dir/cassandra.pid" 2> /dev/null || true)"
  if [[ -n "$pid" ]] && kill -0 "$pid" 2> /dev/null; then echo "$pid"; else echo ""; fi
}
record() { printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$stack" "$1" "$2" "$3" >> "$results"; }
customer_path() { printf '/customers/00000000-0000-4000-8000-%012d' "$1"; }

say "creating the keyspace on $node"
"$java17" -jar "$work/sdc/target/twin-orders.jar" create-keyspace "$node" > "$work/create-keyspace.log" 2>&1

run_stack() {
  local jar="$work/${stack%-vt}/target/twin-orders.jar" java_bin="$java17" extra=() log started first code
  if [[ "$stack" == *-vt ]]; then java_bin="$java25/bin/java"; extra=(--spring.threads.virtual.enabled=true); fi
  local jcmd_bin
  jcmd_bin="$(dirname "$(readlink -f "$(command -v "$java_bin")")")/jcmd"
  log="$work/app-$stack-$round.log"
  started="$(date +%s%N)"
  # shellcheck disable=SC2086
  "$java_bin" $jvm_opts -jar "$jar" --twin.node="$node" --twin.port="$port" "${extra[@]}" > "$log" 2>&1 &
  app_pid=$!
  first="$(customer_path 1)"
  while true; do
    code="$(curl -s -o /dev/null -w '%{http_code}' "$base$first" || true)"
    if [[ "$code" == 200 || "$code" == 404 ]]; then break; fi
    if ! kill -0 "$app_pid" 2> /dev/null; then say "$stack did not start: $log"; tail -20 "$log"; exit 1; fi
    if (( ($(date +%s%N) - started) / 1000000000 > 300 )); then say "$stack: no answer after 300 s"; exit 1; fi
    sleep 0.05
  done
  record startup_ms all "$(( ($(date +%s%N) - started) / 1000000 ))"
  curl -s -f -X POST "$base/admin/seed?customers=$customers&orders=$orders" > /dev/null
  check_paging
  say "round $round, $stack: started; warming up for $warmup"
  TWIN_CUSTOMERS="$customers" wrk -t"$threads" -c64 -d"$warmup" -s benchmarks/twin/load.lua "$base" > /dev/null
  record rss_mb all "$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$app_pid/status")"
  "$jcmd_bin" "$app_pid" GC.run > /dev/null
  record heap_mb all "$("$jcmd_bin" "$app_pid" GC.heap_info | python3 -c "import re,sys; print(round(int(re.search(r'used (\d+)K', sys.stdin.read()).group(1)) / 1024))")"
  local c cpu0 cpu1 n0 n1 npid line
  npid="$(node_pid)"
  for c in $connections; do
    cpu0="$(cpu_ticks "$app_pid")"; n0="$([[ -n $npid ]] && cpu_ticks "$npid" || echo 0)"
    line="$(TWIN_CUSTOMERS="$customers" wrk -t"$threads" -c"$c" -d"$duration" -s benchmarks/twin/load.lua "$base" | grep '^TWIN ')"
    cpu1="$(cpu_ticks "$app_pid")"; n1="$([[ -n $npid ]] && cpu_ticks "$npid" || echo 0)"
    eval "${line#TWIN }"  # requests= duration_us= p50_us= p99_us= non2xx= socket_errors=
    record rps "$c" "$(python3 -c "print(round($requests / ($duration_us / 1e6)))")"
    record cpu_us "$c" "$(python3 -c "print(round(($cpu1 - $cpu0) * 1e6 / $ticks_per_second / max($requests, 1), 1))")"
    if [[ -n $npid ]]; then
      record node_cpu_us "$c" "$(python3 -c "print(round(($n1 - $n0) * 1e6 / $ticks_per_second / max($requests, 1), 1))")"
    fi
    record p50_ms "$c" "$(python3 -c "print(round($p50_us / 1000, 2))")"
    record p99_ms "$c" "$(python3 -c "print(round($p99_us / 1000, 2))")"
    record errors "$c" "$((non2xx + socket_errors))"
    say "round $round, $stack, $c connections: $requests requests, $((non2xx + socket_errors)) errors"
  done
  local t0 t1 answer
  cpu0="$(cpu_ticks "$app_pid")"; t0="$(date +%s%N)"
  answer="$(curl -s -f -m 1800 -X POST "$base/admin/bulk?count=$bulk")"
  t1="$(date +%s%N)"; cpu1="$(cpu_ticks "$app_pid")"
  record bulk_s all "$(python3 -c "print(round(($t1 - $t0) / 1e9, 2))")"
  record bulk_cpu_s all "$(python3 -c "print(round(($cpu1 - $cpu0) / $ticks_per_second, 2))")"
  python3 - "$answer" >> "$results" <<PY
import json, sys
a = json.loads(sys.argv[1])
for key in ("saveAllMs", "findAllByIdMs", "deleteAllMs", "found", "remaining"):
    print("$round\t$stack\tbulk_%s\tall\t%s" % (key, a[key]))
PY
  say "round $round, $stack: bulk $answer"
  stop_app
}

# The paging state round trip: page 2 (from page 1's token) holds other orders than page 1.
check_paging() {
  local path page1 token page2
  path="$(customer_path 2)/orders?size=5"
  page1="$(curl -s -f "$base$path")"
  token="$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['next'] or '')" "$page1")"
  page2="$(curl -s -f "$base$path&page=$token")"
  record paging_ok all "$(python3 - "$page1" "$page2" <<'PY'
import json, sys
one, two = (json.loads(a)["orders"] for a in sys.argv[1:3])
ids = lambda page: {o["key"]["orderId"] for o in page}
print(1 if len(one) == 5 and len(two) == 5 and not ids(one) & ids(two) else 0)
PY
)"
}

for round in $(seq 1 "$rounds"); do
  for stack in $stacks; do
    run_stack
  done
done
load_end="$(cut -d' ' -f1 /proc/loadavg)"

python3 - "$results" "$stacks" "$connections" "$quiet" "$load_start" "$load_end" "$rounds" "$duration" "$bulk" <<'PY'
import statistics, sys
from collections import defaultdict
path, stacks, conns, quiet, load_start, load_end, rounds, duration, bulk = sys.argv[1:]
stacks, conns = stacks.split(), conns.split()
values = defaultdict(list)
for line in open(path):
    _, stack, metric, key, value = line.rstrip("\n").split("\t")
    values[(stack, metric, key)].append(float(value))

def median(stack, metric, key):
    v = values.get((stack, metric, key))
    return statistics.median(v) if v else None

def cell(stack, metric, key):
    v = values.get((stack, metric, key))
    if not v:
        return "-"
    m = statistics.median(v)
    text = f"{m:,.0f}" if m >= 100 else f"{m:g}"
    return text + (f" ({min(v):g}-{max(v):g})" if len(v) > 1 and min(v) != max(v) else "")

def ratio(stack, metric, key):
    a, b = median(stack, metric, key), median(stacks[0], metric, key)
    return f"{a / b:.2f}x" if a is not None and b else "-"

status = "quiet" if quiet == "1" else "**NOT QUIET: do not record**"
print(f"\nTwin benchmark, {status} (1-minute load average {load_start} at the start, {load_end} at the end); "
      f"{rounds} round(s), {duration} per load, bulk of {bulk}; median (min-max) of the rounds, ratio to {stacks[0]}.\n")
head = "| figure | connections | " + " | ".join(
    s if i == 0 else f"{s} | {s}/{stacks[0]}" for i, s in enumerate(stacks)) + " |"
print(head)
print("|" + "---|" * (2 + 1 + 2 * (len(stacks) - 1)))
rows = [("requests/s", "rps", conns), ("app CPU us/request", "cpu_us", conns), ("p50 ms", "p50_ms", conns),
        ("p99 ms", "p99_ms", conns), ("node CPU us/request", "node_cpu_us", conns), ("errors (non-2xx)", "errors", conns),
        ("start-up to first answer, ms", "startup_ms", ["all"]), ("RSS after warm-up, MB", "rss_mb", ["all"]),
        ("live heap after warm-up, MB", "heap_mb", ["all"]), ("bulk: wall s", "bulk_s", ["all"]),
        ("bulk: app CPU s", "bulk_cpu_s", ["all"]), ("bulk: saveAll ms", "bulk_saveAllMs", ["all"]),
        ("bulk: findAllById ms", "bulk_findAllByIdMs", ["all"]), ("bulk: deleteAll ms", "bulk_deleteAllMs", ["all"]),
        ("bulk: found after saveAll", "bulk_found", ["all"]), ("bulk: left after deleteAll", "bulk_remaining", ["all"]),
        ("paging-state round trip ok (1)", "paging_ok", ["all"])]
for label, metric, keys in rows:
    for key in keys:
        if not any((s, metric, key) in values for s in stacks):
            continue
        cells = []
        for i, s in enumerate(stacks):
            cells.append(cell(s, metric, key))
            if i:
                cells.append(ratio(s, metric, key))
        print(f"| {label} | {key if key != 'all' else ''} | " + " | ".join(cells) + " |")
same = {(median(s, "bulk_found", "all"), median(s, "bulk_remaining", "all")) for s in stacks}
print("\nBulk final state " + ("the same on every stack." if len(same) == 1 else f"DIFFERS: {same}"))
PY
say "raw figures: $results; application logs: $work/app-*.log"
