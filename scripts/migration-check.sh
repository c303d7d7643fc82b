#!/usr/bin/env bash
# The migration's proof: the applications of migration/apps/* (two written against Spring Data
# Cassandra, blocking-app and reactive-app, and one against the DataStax driver 4.x API directly,
# driver-api-app) run their own tests as they are, then a copy of each is migrated by the recipe
# io.scyllaboot.migration.SpringDataCassandraToScyllaBoot, built against Scylla Boot and tested again.
# Prints a table (app, tests, pass before the recipe, pass after the recipe).
#
# Needs the plain local node (127.0.0.1:9042, scripts/cassandra-node.sh start). First installs this
# project's modules into the local Maven repository the apps build with: the default one, or
# MIGRATION_M2=/path (e.g. the worktree's .m2/, to keep a shared repository free of snapshots).
# MIGRATION_APPS="driver-api-app ..." checks only those apps (default: all). MIGRATION_HOST=address
# points the apps' suites at another node (their set-up's own property, and the Spring apps' contact
# point as a system property, which outranks their application.properties, under both prefixes).
# Exits non-zero when a test that passes under Spring Data Cassandra fails after the recipe, unless
# MIGRATION_STRICT=0 (then it only reports), and when the recipe changed nothing in a copy.
# MIGRATION_WORK: the work directory, outside this repository (${TMPDIR:-/tmp}/scylla-boot-migration-check).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

plugin=org.openrewrite.maven:rewrite-maven-plugin:6.46.1
recipe=io.scyllaboot.migration.SpringDataCassandraToScyllaBoot
coordinates=io.scyllaboot:scylla-boot-migration:0.1.0-SNAPSHOT
# Outside the repository: OpenRewrite leaves alone the files git ignores, so a copy under this
# repository's target/ came out of the recipe unchanged (and its tests passed as the original's did).
work="${MIGRATION_WORK:-${TMPDIR:-/tmp}/scylla-boot-migration-check}"
mvn_args=(-B -Dstyle.color=never)
if [[ -n "${MIGRATION_M2:-}" ]]; then mvn_args+=("-Dmaven.repo.local=$MIGRATION_M2"); fi
# The apps' test set-up reads its node's address from these (default 127.0.0.1).
test_args=()
if [[ -n "${MIGRATION_HOST:-}" ]]; then
  test_args=("-Dstock.cassandra.host=$MIGRATION_HOST" "-Dshop.cassandra.host=$MIGRATION_HOST"
    "-Dcatalog.cassandra.host=$MIGRATION_HOST" "-Dspring.cassandra.contact-points=$MIGRATION_HOST:9042"
    "-Dscylla.contact-points=$MIGRATION_HOST:9042")
fi

echo "[migration] installing the starter, test support and recipe into the local repository"
mvn "${mvn_args[@]}" -q install -DskipTests -Dspotless.check.skip=true \
  -pl .,driver-core,data,autoconfigure,starter,test-support,migration
echo "[migration] installed in ${SECONDS}s"
apps_start=$SECONDS

# "tests passed" from an app's surefire reports; "0 0" when nothing ran (e.g. it did not compile).
count() {
  local reports="$1/target/surefire-reports"
  if ! compgen -G "$reports/TEST-*.xml" > /dev/null; then echo "0 0"; return; fi
  python3 - "$reports" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
tests = bad = 0
for f in glob.glob(sys.argv[1] + "/TEST-*.xml"):
    s = ET.parse(f).getroot()
    tests += int(s.get("tests")); bad += int(s.get("failures")) + int(s.get("errors")) + int(s.get("skipped"))
print(tests, tests - bad)
PY
}

# The failing tests of an app run, one per line.
failures() {
  python3 - "$1/target/surefire-reports" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
for f in sorted(glob.glob(sys.argv[1] + "/TEST-*.xml")):
    for case in ET.parse(f).getroot().iter("testcase"):
        for kind in ("failure", "error"):
            el = case.find(kind)
            if el is not None:
                msg = (el.get("message") or el.get("type") or "").splitlines()[0][:160] if (el.get("message") or el.get("type")) else ""
                print(f"    {case.get('classname').rsplit('.',1)[-1]}.{case.get('name')}: {msg}")
PY
}

# One app: its tests as they are, the recipe on a copy, the copy's tests. Writes "app tests passed-sdc
# passed-after lost" to $work/$app.row; its messages go to standard output.
check_app() {
  local app_dir="$1" app before after tests_sdc passed_sdc tests_after passed_after lost=0
  app="$(basename "$app_dir")"
  before="$work/$app-sdc"
  after="$work/$app-scylla"
  cp -r "$app_dir" "$before"
  rm -rf "$before/target"
  local phase=$SECONDS
  echo "[migration] $app: tests before the recipe"
  (cd "$before" && mvn "${mvn_args[@]}" -q test -Dmaven.test.failure.ignore=true ${test_args[@]+"${test_args[@]}"} \
    > "$work/$app-sdc.log" 2>&1) || true
  read -r tests_sdc passed_sdc < <(count "$before")

  cp -r "$app_dir" "$after"
  rm -rf "$after/target"
  echo "[migration] $app: running the recipe on a copy (the tests before it took $((SECONDS - phase))s)"
  phase=$SECONDS
  (cd "$after" && mvn "${mvn_args[@]}" "$plugin:run" -Drewrite.recipeArtifactCoordinates="$coordinates" \
    -Drewrite.activeRecipes="$recipe" > "$work/$app-recipe.log" 2>&1) || {
    echo "[migration] $app: the recipe failed, see $work/$app-recipe.log"; tail -20 "$work/$app-recipe.log"; }
  # A recipe that changed nothing would test the original again: that is a failure of the check.
  if diff -rq -x target "$app_dir" "$after" > /dev/null; then
    echo "[migration] $app: the recipe changed nothing, see $work/$app-recipe.log"
    echo "$app 0 0 0 1" > "$work/$app.row"
    return
  fi
  echo "[migration] $app: tests after the recipe, on Scylla Boot (the recipe took $((SECONDS - phase))s)"
  phase=$SECONDS
  (cd "$after" && mvn "${mvn_args[@]}" -q test -Dmaven.test.failure.ignore=true ${test_args[@]+"${test_args[@]}"} \
    > "$work/$app-scylla.log" 2>&1) || {
    echo "[migration] $app: the migrated copy does not build, see $work/$app-scylla.log"
    grep -E "ERROR.*\.java" "$work/$app-scylla.log" | head -20 || true; }
  echo "[migration] $app: the tests after the recipe took $((SECONDS - phase))s"
  read -r tests_after passed_after < <(count "$after")
  if [[ $tests_after == 0 ]]; then tests_after=$tests_sdc; fi
  if (( passed_after < passed_sdc )); then
    lost=1
    echo "[migration] $app: failing after the recipe:"
    failures "$after"
  fi
  echo "$app $tests_sdc $passed_sdc $passed_after $lost" > "$work/$app.row"
}

rm -rf "$work"
mkdir -p "$work"
# The apps use keyspaces of their own, so they run side by side (each one's messages printed after it).
pids=()
apps=()
for app_dir in migration/apps/*/; do
  app="$(basename "$app_dir")"
  if [[ -n "${MIGRATION_APPS:-}" && " $MIGRATION_APPS " != *" $app "* ]]; then continue; fi
  apps+=("$app")
  check_app "$app_dir" > "$work/$app.out" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || true
done
rows=()
lost=0
for app in "${apps[@]}"; do
  cat "$work/$app.out"
  if [[ ! -f "$work/$app.row" ]]; then
    echo "[migration] $app: the check did not finish"
    lost=1
    continue
  fi
  read -r _ tests passed_sdc passed_after app_lost < "$work/$app.row"
  rows+=("$app $tests $passed_sdc $passed_after")
  if [[ $app_lost == 1 ]]; then lost=1; fi
done

echo
printf '%-14s %6s %12s %18s\n' app tests "pass (before)" "pass (recipe)"
for row in "${rows[@]}"; do
  read -r app tests passed_sdc passed_after <<< "$row"
  printf '%-14s %6s %12s %18s\n' "$app" "$tests" "$passed_sdc" "$passed_after"
done
echo "[migration] the apps' checks took $((SECONDS - apps_start))s (side by side)"
echo "[migration] logs and migrated copies under $work (diff -r the -sdc and -scylla copies)"
if [[ $lost == 1 && "${MIGRATION_STRICT:-1}" == 1 ]]; then exit 1; fi
