#!/usr/bin/env bash
# The DataStax driver API recipe's proving ground (not run by CI): the Apache Java driver's own
# `examples` module, code nobody here wrote. Compiles every example against the Apache driver, runs
# the recipe io.scyllaboot.migration.DataStaxDriverToScyllaBoot on a copy, compiles the copy against
# Scylla Boot's driver, then runs the self-contained main programs (basic/, datatypes/, json/'s
# plain-text, Jackson and JSR-353 ones, the throttler's, the object mapper's and Astra's) on both sides
# against one node, with the examples' application.conf on the class path, and compares what they print.
# The Astra example reaches the node through driver-core's test FakeCloud (a metadata service and an
# SNI proxy in front of the node, started here), its placeholder bundle path replaced by the fake's. Prints
# a table; writes everything under
# migration/target/driver-api-proving-ground.
#
#   EXAMPLES=/path/to/cassandra-java-driver/examples  (a checkout's examples/ module; required)
#   NODE_HOST=127.0.0.1  the node's address (port 9042, data center datacenter1)
#   APACHE_DRIVER_VERSION=4.19.3  the Apache driver the examples compile against (the project's)
#
# Both copies get the same two edits before anything else: CqlSession.builder() gains the node's
# address and data center (the examples otherwise read them from their application.conf, which both
# sides have on the class path), and the KillrVideo schema script loses its license header (see below).
# Needs Maven's local repository to hold the Apache driver, rewrite and this project's dependencies
# (it builds offline).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
examples="${EXAMPLES:?set EXAMPLES to a checkout of the examples module of apache/cassandra-java-driver}"
host="${NODE_HOST:-127.0.0.1}"
apache_version="${APACHE_DRIVER_VERSION:-4.19.3}"
work="$root/migration/target/driver-api-proving-ground"
recipe=io.scyllaboot.migration.DataStaxDriverToScyllaBoot
run_examples=(basic.CreateAndPopulateKeyspace basic.ReadCassandraVersion basic.ReadTopologyAndSchemaMetadata
  datatypes.Blobs datatypes.CustomCodecs datatypes.TuplesMapped datatypes.TuplesSimple
  datatypes.UserDefinedTypesMapped datatypes.UserDefinedTypesSimple
  json.PlainTextJson json.jackson.JacksonJsonColumn json.jackson.JacksonJsonFunction
  json.jackson.JacksonJsonRow json.jsr.Jsr353JsonColumn json.jsr.Jsr353JsonFunction
  json.jsr.Jsr353JsonRow concurrent.LimitConcurrencyRequestThrottler mapper.KillrVideoMapperExample
  astra.AstraReadCassandraVersion)
package=com.datastax.oss.driver.examples
mvn_args=(-B -o -q -Dstyle.color=never)

rm -rf "$work" && mkdir -p "$work"
cd "$root"
echo "[proving-ground] building driver-core and the recipe"
mvn "${mvn_args[@]}" test-compile -pl driver-core -Dspotless.check.skip=true
mvn "${mvn_args[@]}" compile -pl migration -Dspotless.check.skip=true
mvn "${mvn_args[@]}" dependency:build-classpath -pl driver-core -DincludeScope=test \
  -Dmdep.outputFile="$work/fake-cloud.cp"
mvn "${mvn_args[@]}" dependency:build-classpath -pl driver-core -DincludeScope=runtime \
  -Dmdep.outputFile="$work/scylla.cp"
mvn "${mvn_args[@]}" dependency:build-classpath -pl migration -DincludeScope=test \
  -Dmdep.outputFile="$work/recipe.cp"
echo "$root/driver-core/target/classes:$(cat "$work/scylla.cp")" > "$work/scylla.cp"

# The examples' own dependencies besides the driver (their pom's): both sides have them, as an
# application keeps its other libraries when it switches drivers.
deps_pom() { # artifactId, extra dependency lines
  cat <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <!-- No parent: the versions the examples' own build would get. -->
  <groupId>proving-ground</groupId><artifactId>$1</artifactId><version>1</version>
  <dependencies>$2
    <dependency><groupId>com.github.spotbugs</groupId><artifactId>spotbugs-annotations</artifactId><version>4.0.2</version></dependency>
    <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId><version>2.17.2</version></dependency>
    <dependency><groupId>javax.json</groupId><artifactId>javax.json-api</artifactId><version>1.1.4</version></dependency>
    <dependency><groupId>org.glassfish</groupId><artifactId>javax.json</artifactId><version>1.1.4</version></dependency>
    <dependency><groupId>javax.ws.rs</groupId><artifactId>javax.ws.rs-api</artifactId><version>2.1.1</version></dependency>
    <dependency><groupId>org.glassfish.jersey.core</groupId><artifactId>jersey-server</artifactId><version>2.31</version></dependency>
    <dependency><groupId>org.glassfish.jersey.media</groupId><artifactId>jersey-media-json-jackson</artifactId><version>2.31</version></dependency>
    <dependency><groupId>org.glassfish.jersey.containers</groupId><artifactId>jersey-container-jdk-http</artifactId><version>2.31</version></dependency>
    <dependency><groupId>org.glassfish.jersey.inject</groupId><artifactId>jersey-hk2</artifactId><version>2.31</version></dependency>
    <dependency><groupId>org.glassfish.hk2</groupId><artifactId>hk2-api</artifactId><version>2.5.0</version></dependency>
    <dependency><groupId>javax.inject</groupId><artifactId>javax.inject</artifactId><version>1</version></dependency>
    <dependency><groupId>javax.annotation</groupId><artifactId>javax.annotation-api</artifactId><version>1.3.2</version></dependency>
    <dependency><groupId>at.favre.lib</groupId><artifactId>bcrypt</artifactId><version>0.8.0</version></dependency>
    <dependency><groupId>io.projectreactor</groupId><artifactId>reactor-core</artifactId><version>3.8.0</version></dependency>
  </dependencies>
</project>
EOF
}
apache_driver="
    <dependency><groupId>org.apache.cassandra</groupId><artifactId>java-driver-core</artifactId><version>$apache_version</version></dependency>
    <dependency><groupId>org.apache.cassandra</groupId><artifactId>java-driver-query-builder</artifactId><version>$apache_version</version></dependency>
    <dependency><groupId>org.apache.cassandra</groupId><artifactId>java-driver-mapper-runtime</artifactId><version>$apache_version</version></dependency>"
processor="$apache_driver
    <dependency><groupId>org.apache.cassandra</groupId><artifactId>java-driver-mapper-processor</artifactId><version>$apache_version</version></dependency>"
mkdir -p "$work/apache-deps" "$work/other-deps" "$work/mapper-processor"
deps_pom apache-deps "$apache_driver" > "$work/apache-deps/pom.xml"
deps_pom other-deps "" > "$work/other-deps/pom.xml"
# The Apache side compiles the mapper's examples with its annotation processor, as their build does.
deps_pom mapper-processor "$processor" > "$work/mapper-processor/pom.xml"
for deps in apache-deps other-deps mapper-processor; do
  # Online (not -o): the first run downloads what the local repository lacks.
  (cd "$work/$deps" && mvn -B -q dependency:build-classpath -Dmdep.outputFile="$work/$deps.cp")
done
cp "$work/apache-deps.cp" "$work/apache.cp"
echo "$(cat "$work/scylla.cp"):$(cat "$work/other-deps.cp")" > "$work/scylla.cp"

# The Astra example's database: the tests' fake cloud (a metadata service and an SNI proxy of
# driver-core's tests) in front of the node, until the script ends.
mkdir -p "$work/cloud"
java -cp "$root/driver-core/target/test-classes:$root/driver-core/target/classes:$(cat "$work/fake-cloud.cp")" \
  io.scyllaboot.driver.testing.FakeCloud "$work/cloud" "$host" 9042 > "$work/cloud/cloud.log" 2>&1 &
cloud_pid=$!
trap 'kill $cloud_pid 2>/dev/null || true' EXIT

# Two copies, the same connection edit in both: the node's address on every builder, and the fake
# cloud's bundle instead of the Astra example's placeholder path (its builder takes no contact point).
for side in apache scylla; do
  mkdir -p "$work/$side"
  cp -r "$examples/src" "$work/$side/src"
  find "$work/$side/src" -name '*.java' ! -path '*/astra/*' -exec perl -pi -e \
    "s/CqlSession\\.builder\\(\\)/CqlSession.builder().addContactPoint(new java.net.InetSocketAddress(\"$host\", 9042)).withLocalDatacenter(\"datacenter1\")/g" {} +
  find "$work/$side/src" -path '*/astra/*.java' -exec perl -pi -e \
    "s{/path/to/secure-connect-database_name\\.zip}{$work/cloud/secure-connect-fake.zip}g" {} +
done

echo "[proving-ground] running the recipe on the copy"
mkdir -p "$work/runner"
cat > "$work/runner/RunRecipe.java" <<'EOF'
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import org.openrewrite.*;
import org.openrewrite.config.Environment;
import org.openrewrite.internal.InMemoryLargeSourceSet;
import org.openrewrite.java.JavaParser;
import org.openrewrite.text.PlainTextParser;

/**
 * Parses a copy's sources with the Apache driver's class path (and its application.conf as text, as
 * a plain-text mask would), runs one recipe, writes the results.
 */
public class RunRecipe {
  public static void main(String[] args) throws Exception {
    Path base = Paths.get(args[0]);
    List<Path> classpath = Arrays.stream(args[1].split(":")).map(Paths::get).toList();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(base.resolve("src/main/java"))) {
      files = walk.filter(p -> p.toString().endsWith(".java")).toList();
    }
    ExecutionContext ctx = new InMemoryExecutionContext(Throwable::printStackTrace);
    List<SourceFile> sources = new ArrayList<>(
        JavaParser.fromJavaVersion().classpath(classpath).build().parse(files, base, ctx).toList());
    Path conf = base.resolve("src/main/resources/application.conf");
    if (Files.isRegularFile(conf)) {
      sources.addAll(PlainTextParser.builder().build().parse(List.of(conf), base, ctx).toList());
    }
    Recipe recipe = Environment.builder().scanRuntimeClasspath().build().activateRecipes(args[2]);
    List<Result> results = recipe.run(new InMemoryLargeSourceSet(sources), ctx).getChangeset().getAllResults();
    for (Result result : results) {
      if (result.getAfter() != null) {
        Files.writeString(base.resolve(result.getAfter().getSourcePath()), result.getAfter().printAll());
      }
    }
    System.out.println("[proving-ground] recipe changed " + results.size() + " of " + files.size()
        + " Java files and the application.conf");
  }
}
EOF
recipe_cp="$root/migration/target/classes:$(cat "$work/recipe.cp")"
javac -d "$work/runner" -cp "$recipe_cp" "$work/runner/RunRecipe.java"
java -cp "$work/runner:$recipe_cp" RunRecipe "$work/scylla" "$(cat "$work/apache.cp")" "$recipe" \
  > "$work/recipe.log" 2>&1 || { tail -20 "$work/recipe.log"; exit 1; }
tail -1 "$work/recipe.log"

# Compiles every example of one side; prints "examples compiled", lists the files that do not compile.
compile() {
  local side="$1" cp="$2" total broken
  mkdir -p "$work/$side/classes"
  cp "$examples/src/main/resources/cassandra_logo.png" "$work/$side/classes/"
  # The class path's resources, as the examples' build has them: the Apache driver reads its
  # application.conf by itself (the recipe set its options on the builders: the copy reads none).
  cp "$work/$side/src/main/resources/"*.conf "$work/$side/src/main/resources/"*.cql "$work/$side/classes/" \
    2>/dev/null || true
  # The second edit, on both sides: the KillrVideo schema script's license header goes. The example
  # splits the script at each ';', and the header's own ';' leaves an unterminated comment that the
  # server refuses under either driver (examples at f98e3433).
  [[ -f "$work/$side/classes/killrvideo_schema.cql" ]] && \
    perl -0pi -e 's{\A\s*/\*.*?\*/\s*}{}s' "$work/$side/classes/killrvideo_schema.cql"
  find "$work/$side/src/main/java" -name '*.java' > "$work/$side/files.txt"
  total=$(wc -l < "$work/$side/files.txt")
  # The Apache side runs the mapper's annotation processor (the mapper examples need its code).
  local processing=(-proc:none)
  [[ $side == apache ]] && processing=(-processorpath "$(cat "$work/mapper-processor.cp")")
  javac "${processing[@]}" -nowarn -Xmaxerrs 100000 -encoding UTF-8 -d "$work/$side/classes" -cp "$cp" \
    @"$work/$side/files.txt" > "$work/$side/javac.log" 2>&1 || true
  grep -oE '^[^ ]+\.java:[0-9]+: error' "$work/$side/javac.log" | sed 's/:[0-9]*: error//' | sort -u \
    > "$work/$side/broken.txt" || true
  broken=$(wc -l < "$work/$side/broken.txt")
  echo "$total $((total - broken))"
}
read -r total_apache compiled_apache < <(compile apache "$(cat "$work/apache.cp")")
read -r total_scylla compiled_scylla < <(compile scylla "$(cat "$work/scylla.cp")")

# Drops a keyspace through Scylla Boot's driver: an example that keeps state between runs (KillrVideo
# reuses the user an earlier run created) starts from nothing on each side.
cat > "$work/runner/DropKeyspace.java" <<'EOF'
import io.scyllaboot.driver.api.CqlSession;
import java.net.InetSocketAddress;
import java.time.Duration;

public class DropKeyspace {
  public static void main(String[] args) {
    try (CqlSession session =
        CqlSession.builder().addContactPoint(new InetSocketAddress(args[0], 9042)).build()) {
      session.execute(
          io.scyllaboot.driver.api.cql.SimpleStatement.of("DROP KEYSPACE IF EXISTS " + args[1])
              .withTimeout(Duration.ofSeconds(60)));
    }
  }
}
EOF
javac -proc:none -nowarn -d "$work/runner" -cp "$(cat "$work/scylla.cp")" "$work/runner/DropKeyspace.java"

# One example's main on one side: "ok" when it exits 0 and prints no exception.
run() {
  local side="$1" cp="$2" example="$3" log="$work/$1/run-$3.log"
  if [[ ! -f "$work/$side/classes/${package//.//}/${example//.//}.class" ]] || \
      grep -q "/${example//.//}.java" "$work/$side/broken.txt"; then
    echo "does-not-compile"; return
  fi
  if [[ $example == mapper.KillrVideoMapperExample ]]; then
    java -cp "$work/runner:$(cat "$work/scylla.cp")" DropKeyspace "$host" killrvideo > /dev/null 2>&1 || true
  fi
  # DDL waits for schema agreement, slower than the Apache driver's default 2 s request time-out on a
  # busy machine: the Apache
  # driver gets 30 s through its system property; Scylla Boot keeps its default (2 s, no such property).
  if timeout 120 java -ea -Ddatastax-java-driver.basic.request.timeout="30 seconds" \
      -cp "$work/$side/classes:$cp" "$package.$example" > "$log" 2>&1 \
      && ! grep -qE 'Exception|Error:' "$log"; then
    echo "ok"
  else
    echo "fails"
  fi
}

# javac writes no class of any file when one fails: compile each example's own file (with the
# sources as source path) for the run column.
compile_one() {
  local side="$1" cp="$2" example="$3"
  # The classes of the whole compile too: the Apache side's mapper code its processor generated.
  javac -proc:none -nowarn -encoding UTF-8 -d "$work/$side/classes" -cp "$work/$side/classes:$cp" \
    -sourcepath "$work/$side/src/main/java" -implicit:class \
    "$work/$side/src/main/java/${package//.//}/${example//.//}.java" > "$work/$side/javac-$example.log" 2>&1
}

# What an example printed itself: without the drivers' log lines (SLF4J's, Logback's "hh:mm:ss.SSS [").
# Random ids and the current time (KillrVideo prints the ids and creation times it makes) are masked.
printed() {
  { grep -v -E '^\[|^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+ \[|SLF4J' "$1" || true; } | sed -E \
    -e 's/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/<uuid>/g' \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z/<instant>/g'
}

# The uncaught exception a run ended with (its class and message), if any.
first_exception() { grep -m1 -E '^Exception in thread' "$1" || true; }

# The server's message of the first driver exception a run printed (the class names and their message
# prefixes differ between the drivers; Scylla Boot's adds "(from node)"), if any.
first_server_message() {
  grep -m1 -E '^[a-z][A-Za-z0-9_.]*\.[A-Z][A-Za-z0-9]*(Exception|Error): ' "$1" \
    | sed -E -e 's/ \(from [^)]*\)$//' -e 's/^.*: //' || true
}

for _ in $(seq 1 120); do [[ -f "$work/cloud/ready" ]] && break; sleep 1; done
[[ -f "$work/cloud/ready" ]] || { echo "[proving-ground] the fake cloud did not start:"; tail -20 "$work/cloud/cloud.log"; }

printf '\n%-36s %-18s %-18s %s\n' "example" "Apache driver" "after the recipe" "same output"
ran_apache=0; ran_scylla=0; same=0
for example in "${run_examples[@]}"; do
  a=fails; s=does-not-compile; same_output=-
  if compile_one apache "$(cat "$work/apache.cp")" "$example"; then
    a=$(run apache "$(cat "$work/apache.cp")" "$example")
  fi
  if compile_one scylla "$(cat "$work/scylla.cp")" "$example"; then
    sed -i "\#/${example//.//}.java#d" "$work/scylla/broken.txt"
    s=$(run scylla "$(cat "$work/scylla.cp")" "$example")
  fi
  if [[ $a == fails && $s == fails ]]; then
    # Both fail: the same way when they end with the same exception (its class and message).
    if [[ -n $(first_exception "$work/apache/run-$example.log") && \
        $(first_exception "$work/apache/run-$example.log") == $(first_exception "$work/scylla/run-$example.log") ]]; then
      same_output="same failure"
    elif [[ -n $(first_server_message "$work/apache/run-$example.log") && \
        $(first_server_message "$work/apache/run-$example.log") == $(first_server_message "$work/scylla/run-$example.log") ]]; then
      same_output="same server error"
    fi
  fi
  [[ $a == ok ]] && ran_apache=$((ran_apache + 1))
  if [[ $s == ok ]]; then
    ran_scylla=$((ran_scylla + 1))
    # The driver's own log lines differ; compare what the example itself prints.
    if diff <(printed "$work/apache/run-$example.log") <(printed "$work/scylla/run-$example.log") \
        > "$work/diff-$example.txt"; then
      same_output=yes; same=$((same + 1))
    else
      same_output=no
    fi
  fi
  printf '%-36s %-18s %-18s %s\n' "$example" "$a" "$s" "$same_output"
done

echo
echo "examples commit: $(git -C "$examples" rev-parse HEAD 2>/dev/null || echo "${EXAMPLES_COMMIT:-unknown}")"
echo "compile (all $total_apache files): Apache driver $compiled_apache, after the recipe $compiled_scylla"
echo "run (${#run_examples[@]} main programs): Apache driver $ran_apache ok, after the recipe $ran_scylla ok, $same with the same output"
echo "files that do not compile after the recipe (first error each):"
while read -r file; do
  [[ -n $file ]] || continue
  first_error=$(grep -m1 -F "$file" "$work/scylla/javac.log" | sed -e 's/^[^ ]* error: //')
  echo "  ${file#$work/scylla/src/main/java/}: $first_error"
done < "$work/scylla/broken.txt"
