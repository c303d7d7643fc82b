#!/usr/bin/env bash
# The migration on two more public Spring Data Cassandra applications nobody here wrote (issue 33's
# proof), each at a pinned commit: gavinklfong/spring-cassandra-demo (Spring Boot 2.7, brought to
# Boot 4 first) and spring-guides/gs-accessing-data-cassandra's complete/ (already on Boot 4). Runs
# each app's own tests under Spring Data Cassandra, then migrates a copy with
# io.scyllaboot.migration.SpringDataCassandraToScyllaBoot (no hand edit) and runs them again. Prints
# a markdown table. Not part of CI: it needs the apps' sources (network, or APPS_MIRROR=<dir holding
# <owner>+<name>/repo mirrors>) and a node (scripts/cassandra-node.sh start).
#
# What is changed in both copies before anything runs, and nothing else:
#   - to Boot 4: the demo's parent 2.7.1 becomes this project's Boot 4.0 (and the guide's 4.0.6, which
#     the registry here does not serve, too), the spring.data.cassandra.* keys Boot 3 renamed become
#     spring.cassandra.*;
#   - the node instead of a Testcontainers container: each test class's container becomes a static
#     block that replays the class's own init script on the node (ProvingNode, written here, on the
#     DataStax driver API, so the recipe migrates it with the rest), the Testcontainers
#     dependencies go, and the contact point is the node.
# Variables: NODE_HOST (127.0.0.1), APPS_MIRROR, PROVING_M2 (a local Maven repository to use),
# PUBLIC_APPS_WORK (the work directory, outside this repository; ${TMPDIR:-/tmp}/scylla-boot-public-apps).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

host="${NODE_HOST:-127.0.0.1}"
plugin=org.openrewrite.maven:rewrite-maven-plugin:6.46.1
recipe=io.scyllaboot.migration.SpringDataCassandraToScyllaBoot
coordinates=io.scyllaboot:scylla-boot-migration:0.1.0-SNAPSHOT
boot=$(sed -n 's|.*<spring-boot.version>\(4\.0\.[0-9]*\)</spring-boot.version>.*|\1|p' pom.xml | head -1)
# Outside the repository: OpenRewrite leaves alone the files git ignores (this repository's target/).
work="${PUBLIC_APPS_WORK:-${TMPDIR:-/tmp}/scylla-boot-public-apps}"
mvn_args=(-B -Dstyle.color=never)
if [[ -n "${PROVING_M2:-}" ]]; then mvn_args+=("-Dmaven.repo.local=$PROVING_M2"); fi
# app name, repository, commit, directory of the Maven project inside it
apps=(
  "spring-cassandra-demo gavinklfong/spring-cassandra-demo 4df40d45ea67384c6c78c42d44585cd05dd4865d ."
  "gs-accessing-data-cassandra spring-guides/gs-accessing-data-cassandra f0370c8d90a22d74042c2b90bc27216d1f65be4e complete"
)

echo "[public-apps] installing the starter, test support and recipe into the local repository"
mvn "${mvn_args[@]}" -q install -DskipTests -Dspotless.check.skip=true -Dmaven.javadoc.skip=true \
  -pl .,driver-core,data,autoconfigure,starter,test-support,migration

rm -rf "$work" && mkdir -p "$work"

# The harness edits of one app (in place): see the header.
prepare() { # dir
  python3 - "$1" "$boot" "$host" <<'PY'
import pathlib, re, sys
app, boot, host = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
pom = app / "pom.xml"
s = pom.read_text()
# Boot 2.7 to this project's Boot 4.0, and a 4.0 patch release the registry here does not serve (4.0.6) too.
s = re.sub(r"(<artifactId>spring-boot-starter-parent</artifactId>\s*<version>)(2\.7|4\.0)\.\d+(</version>)",
           rf"\g<1>{boot}\3", s)
s = re.sub(r"\s*<dependency>\s*<groupId>org\.(testcontainers|springframework\.boot)</groupId>\s*"
           r"<artifactId>(testcontainers-[a-z-]+|cassandra|junit-jupiter|spring-boot-testcontainers|"
           r"spring-boot-docker-compose|testcontainers-bom)</artifactId>.*?</dependency>", "", s, flags=re.S)
pom.write_text(s)
for test in (app / "src/test/java").rglob("*.java"):
    t = test.read_text()
    container = re.search(r"@Container\s*(?:@ServiceConnection\s*)?static (?:final )?CassandraContainer\w*\s+container\s*=\s*"
                          r"new CassandraContainer[^;]*?withInitScript\(\"([^\"]+)\"\)\s*;", t, flags=re.S)
    if not container:
        continue
    script = container.group(1)
    cql = (app / "src/test/resources" / script).read_text()
    keyspace = re.search(r"CREATE KEYSPACE IF NOT EXISTS (\w+)", cql).group(1)
    t = t.replace(container.group(0), f'static {{ ProvingNode.run("{script}", "{keyspace}"); }}')
    t = re.sub(r"import org\.testcontainers\.[\w.]+;\n", "", t)
    t = re.sub(r"import org\.springframework\.boot\.testcontainers\.[\w.]+;\n", "", t)
    t = re.sub(r"@Testcontainers(\([^)]*\))?\n", "", t)
    t = t.replace("container.getHost()", "ProvingNode.HOST").replace("container.getMappedPort(9042)", "9042")
    t = t.replace('"spring.data.cassandra.', '"spring.cassandra.')
    test.write_text(t)
    package = re.search(r"^package ([\w.]+);", t, flags=re.M).group(1)
    helper = test.parent / "ProvingNode.java"
    helper.write_text(f'''package {package};

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Added by the proving ground: a test class's init script, replayed on the local node. */
public final class ProvingNode {{
  public static final String HOST = "{host}";

  private ProvingNode() {{}}

  public static void run(String script, String keyspace) {{
    String text;
    try (InputStream in = ProvingNode.class.getClassLoader().getResourceAsStream(script)) {{
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }} catch (IOException e) {{
      throw new IllegalStateException(e);
    }}
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(HOST, 9042))
            .withLocalDatacenter("datacenter1")
            .build()) {{
      session.execute(
          SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + keyspace)
              .setTimeout(Duration.ofSeconds(60)));
      for (String statement : text.replaceAll("(?m)^\\\\s*--.*$", "").split(";")) {{
        if (!statement.isBlank()) {{
          session.execute(
              SimpleStatement.newInstance(statement.trim()).setTimeout(Duration.ofSeconds(60)));
        }}
      }}
    }}
  }}
}}
''')
PY
}

# "tests passed" and the failing tests of a project's surefire reports.
count() { python3 "$root/scripts/surefire-summary.py" count "$1"; }
failures() { python3 "$root/scripts/surefire-summary.py" failures "$1"; }

rows=()
for entry in "${apps[@]}"; do
  read -r name repo commit dir <<< "$entry"
  source_git="https://github.com/$repo.git"
  if [[ -n "${APPS_MIRROR:-}" ]]; then source_git="$APPS_MIRROR/${repo/\//+}/repo"; fi
  echo "[public-apps] $repo at $commit"
  git clone -q --no-checkout "$source_git" "$work/$name.git"
  mkdir -p "$work/$name-pristine"
  git -C "$work/$name.git" archive "$commit" "$dir" | tar -x -C "$work/$name-pristine"
  pristine="$work/$name-pristine/$dir"
  prepare "$pristine"
  cp -r "$pristine" "$work/$name-sdc"
  (cd "$work/$name-sdc" && mvn "${mvn_args[@]}" -Dmaven.test.failure.ignore=true test > "$work/$name-sdc.log" 2>&1) || true
  cp -r "$pristine" "$work/$name-scylla"
  (cd "$work/$name-scylla" && mvn "${mvn_args[@]}" "$plugin:run" \
    -Drewrite.recipeArtifactCoordinates="$coordinates" -Drewrite.activeRecipes="$recipe" \
    > "$work/$name-recipe.log" 2>&1) || { echo "[public-apps] the recipe failed on $name: $work/$name-recipe.log"; exit 1; }
  (cd "$work/$name-scylla" && mvn "${mvn_args[@]}" -Dmaven.test.failure.ignore=true test > "$work/$name-scylla.log" 2>&1) || true
  read -r tests passed_sdc < <(count "$work/$name-sdc")
  read -r tests_after passed_after < <(count "$work/$name-scylla")
  if [[ $tests_after == 0 ]]; then
    errors="$(grep -E "ERROR.*\.java:\[" "$work/$name-scylla.log" | sed -E 's|.*/([A-Za-z]+\.java):\[([0-9]+).*\] (.*)|\1:\2 \3|' | sort -u | head -6 | paste -sd ';' - || true)"
    remaining="does not compile: ${errors:-see $work/$name-scylla.log}"
  else
    remaining="$(failures "$work/$name-scylla")"
  fi
  rows+=("| $repo@${commit:0:8} | $tests | $passed_sdc | $passed_after | ${remaining:-none} |")
  sdc_failing="$(failures "$work/$name-sdc")"
  if [[ -n $sdc_failing ]]; then echo "[public-apps] $name failing under SDC: $sdc_failing" >&2; fi
done

echo
echo "public Spring Data Cassandra apps, $(date -u +%F), node $host, Spring Boot $boot"
echo
echo "| app | tests | pass under SDC | pass after recipe | remaining failures |"
echo "|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "[public-apps] logs and copies under $work (diff -r $work/<app>-sdc $work/<app>-scylla)"
