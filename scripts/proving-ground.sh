#!/usr/bin/env bash
# The migration on code nobody here wrote: spring-data-examples' cassandra/example,
# cassandra/reactive and cassandra/kotlin, at a pinned commit, run their own tests under Spring Data Cassandra, then a copy
# is migrated by io.scyllaboot.migration.SpringDataCassandraToScyllaBoot (no hand edit), built
# against Scylla Boot and tested again. Prints a markdown table (app, tests, pass under Spring Data
# Cassandra, pass after the recipe, remaining failures). Not part of CI: it needs the network (or
# EXAMPLES_GIT=<a local clone or mirror>), Java 25 and a node.
#
# The one change to their code, in both copies: their test harness (CassandraExtension) starts a
# Testcontainers container; one statement sends it to the node at $NODE_HOST:9042 instead.
# Needs the plain local node with SASI on (scripts/cassandra-node.sh start). Variables:
#   NODE_HOST (127.0.0.1), JAVA25_HOME (/usr/lib/jvm/temurin-25-jdk-amd64),
#   PROVING_M2=/path: the local Maven repository to install this project's modules into and to
#   build the examples with (default: Maven's own), EXAMPLES_GIT: where to clone from,
#   PROVING_MODULES="kotlin": a space-separated subset of the modules (default: all three),
#   PROVING_WORK: the work directory, outside this repository (${TMPDIR:-/tmp}/scylla-boot-proving-ground).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

commit=124ce3cf9da59c2ea86d09c1887901e63bef75fd
source_git="${EXAMPLES_GIT:-https://github.com/spring-projects/spring-data-examples.git}"
host="${NODE_HOST:-127.0.0.1}"
java25="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
plugin=org.openrewrite.maven:rewrite-maven-plugin:6.46.1
recipe=io.scyllaboot.migration.SpringDataCassandraToScyllaBoot
coordinates=io.scyllaboot:scylla-boot-migration:0.1.0-SNAPSHOT
# Outside the repository: OpenRewrite leaves alone the files git ignores (this repository's target/),
# so a copy under target/ would come out of the recipe unchanged.
work="${PROVING_WORK:-${TMPDIR:-/tmp}/scylla-boot-proving-ground}"
mvn_args=(-B -Dstyle.color=never)
if [[ -n "${PROVING_M2:-}" ]]; then mvn_args+=("-Dmaven.repo.local=$PROVING_M2"); fi
# Their Boot 4.0.0 parent asks for Spring Data 2025.1.0's modules; 2025.1.6 is the train this
# project's tests use. A loaded machine needs more than the drivers' 2 s for schema changes.
examples_args=(-Dspring-data-bom.version=2025.1.6 -Dmaven.test.failure.ignore=true -fae)
sdc_timeouts="-Dspring.cassandra.request.timeout=30s -Dspring.cassandra.connection.connect-timeout=30s -Dspring.cassandra.connection.init-query-timeout=30s"
scylla_timeouts="-Dscylla.request.timeout=30s -Dscylla.connection.connect-timeout=30s -Dscylla.connection.init-query-timeout=30s"
read -r -a modules <<< "${PROVING_MODULES:-example reactive kotlin}"

echo "[proving-ground] installing the starter, test support and recipe into the local repository"
mvn "${mvn_args[@]}" -q install -DskipTests -Dspotless.check.skip=true \
  -pl .,driver-core,data,autoconfigure,starter,test-support,migration

rm -rf "$work"
mkdir -p "$work"
echo "[proving-ground] spring-data-examples at $commit"
git clone -q --no-checkout "$source_git" "$work/spring-data-examples.git"
pristine="$work/pristine"
mkdir -p "$pristine"
git -C "$work/spring-data-examples.git" archive "$commit" pom.xml cassandra/pom.xml cassandra/util \
  "${modules[@]/#/cassandra/}" | tar -x -C "$pristine"
# Only the Cassandra modules tried here (the aggregator poms list every store).
python3 - "$pristine" "${modules[@]}" <<'PY'
import re, sys
root, mods = sys.argv[1], sys.argv[2:]
def keep(path, names):
    s = open(path).read()
    body = "".join(f"\n\t\t<module>{n}</module>" for n in names)
    open(path, "w").write(re.sub(r"<modules>.*?</modules>", f"<modules>{body}\n\t</modules>", s, flags=re.S))
keep(f"{root}/pom.xml", ["cassandra"])
keep(f"{root}/cassandra/pom.xml", ["util"] + mods)
PY
# The node instead of a container: one statement, before the container is started.
sed -i 's|CassandraContainer container = runTestcontainer();|if (System.getenv("CASSANDRA_HOST") != null) { System.setProperty("spring.cassandra.contact-points", System.getenv("CASSANDRA_HOST")); System.setProperty("spring.cassandra.port", "9042"); System.setProperty("spring.cassandra.local-datacenter", "datacenter1"); return new CassandraServer(System.getenv("CASSANDRA_HOST"), 9042, CassandraServer.RuntimeMode.REQUIRE_RUNNING_INSTANCE); }\n\t\t\t&|' \
  "$pristine/cassandra/util/src/main/java/example/springdata/cassandra/util/CassandraExtension.java"

# "tests passed" and the failing tests of a project's surefire reports.
count() { python3 "$root/scripts/surefire-summary.py" count "$1"; }
failures() { python3 "$root/scripts/surefire-summary.py" failures "$1"; }

run_tests() { # dir log timeouts
  (cd "$1" && CASSANDRA_HOST="$host" JAVA_HOME="$java25" mvn "${mvn_args[@]}" "${examples_args[@]}" \
    "-DargLine=$3" test > "$2" 2>&1) || true
}

cp -r "$pristine" "$work/sdc"
echo "[proving-ground] tests under Spring Data Cassandra"
run_tests "$work/sdc" "$work/sdc.log" "$sdc_timeouts"

cp -r "$pristine" "$work/scylla"
echo "[proving-ground] running the recipe on a copy"
(cd "$work/scylla" && JAVA_HOME="$java25" mvn "${mvn_args[@]}" -Dspring-data-bom.version=2025.1.6 \
  "$plugin:run" -Drewrite.recipeArtifactCoordinates="$coordinates" -Drewrite.activeRecipes="$recipe" \
  > "$work/recipe.log" 2>&1) || { echo "[proving-ground] the recipe failed, see $work/recipe.log"; exit 1; }
echo "[proving-ground] tests after the recipe, on Scylla Boot"
run_tests "$work/scylla" "$work/scylla.log" "$scylla_timeouts"

echo
echo "spring-data-examples $commit, $(date -u +%F), node $host"
echo
echo "| app | tests | pass under SDC | pass after recipe | remaining failures |"
echo "|---|---|---|---|---|"
for m in "${modules[@]}"; do
  read -r tests passed_sdc < <(count "$work/sdc/cassandra/$m")
  read -r tests_after passed_after < <(count "$work/scylla/cassandra/$m")
  if [[ $tests_after == 0 ]]; then
    # javac's "File.java:[12,5] message", kotlinc's "File.kt:12:5 message".
    errors="$(grep -E "ERROR.*/cassandra/$m/.*\.(java|kt)" "$work/scylla.log" | sed -E -e 's|.*/([A-Za-z]+\.java):\[([0-9]+).*\] (.*)|\1:\2 \3|' -e 's|.*/([A-Za-z]+\.kt):([0-9]+):[0-9]+ (.*)|\1:\2 \3|' | sort -u | head -6 | paste -sd ';' - || true)"
    remaining="does not compile: ${errors:-see $work/scylla.log}"
  else
    remaining="$(failures "$work/scylla/cassandra/$m")"
  fi
  echo "| cassandra/$m | $tests | $passed_sdc | $passed_after | ${remaining:-none} |"
  sdc_failing="$(failures "$work/sdc/cassandra/$m")"
  if [[ -n $sdc_failing ]]; then echo "[proving-ground] cassandra/$m failing under SDC: $sdc_failing" >&2; fi
done
echo
echo "[proving-ground] logs and both copies under $work (diff -r $work/sdc $work/scylla)"
