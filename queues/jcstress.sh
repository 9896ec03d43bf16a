#!/usr/bin/env bash
# Runs the jcstress tests of the hand-rolled Disruptor (queues/src/test/java/handoff/queues/disruptor/jcstress)
# and of the RTT baseline's SPSC queue (queues/src/test/java/handoff/queues/jcstress).
#
#   queues/jcstress.sh [short|long|stress] [extra jcstress options...]
#
#   short   -m quick, C2 only (-sc false), two JVM configurations: plain, and C2's scheduling/GVN
#           randomizers (StressLCM/GCM/IGVN) that shake out compiler reorderings. About 1-1.5 min per
#           configuration on 2 cores; for every change.
#   long    -m default (more iterations per test than quick) with split compilation (interpreter/C1/C2 mixed
#           per actor), the same two JVM configurations. About 15 min per configuration on 2 cores (324
#           runs in all); before trusting a change to ordering code.
#   stress  -m stress with every JVM configuration jcstress detects and split compilation. Thousands of
#           runs (8,260 planned on 2 cores, an ETA of days): for a many-core box.
#
# Builds the test classes, runs org.openjdk.jcstress.Main on the test class path, keeps the reports in
# queues/target/jcstress-<mode>-<n>/, and exits non-zero if any test FAILED (a forbidden outcome) or
# errored, or if a configuration ran no test (without extra options: fewer than every @JCStressTest). JAVA_HOME selects the JDK, as for Maven.
set -euo pipefail

mode=${1:-short}
shift || true
case "$mode" in
  short)
    preset=quick
    extra=(-sc false)
    configs=("-XX:+UnlockDiagnosticVMOptions"
             "-XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressGCM -XX:+StressIGVN") ;;
  long)
    preset=default
    extra=()
    configs=("-XX:+UnlockDiagnosticVMOptions"
             "-XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressGCM -XX:+StressIGVN") ;;
  stress)
    preset=stress
    extra=()
    configs=("") ;; # empty: let jcstress detect and run all of them
  *) echo "usage: $0 [short|long|stress] [jcstress options...]; '$mode' is not one of them" >&2; exit 2 ;;
esac

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
cp_file="$here/target/jcstress.classpath"

mvn -B -q -f "$root/pom.xml" -pl queues test-compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="$here/target/test-classes:$here/target/classes:$(cat "$cp_file")"

# jcstress exits 0 when its filter selects nothing: a configuration counts only if it ran tests (every one declared,
# unless extra options may have narrowed the selection)
declared=$(grep -rhE '^\s*@JCStressTest' "$here/src/test/java" | wc -l)
failed=0
n=0
for config in "${configs[@]}"; do
  n=$((n + 1))
  out="$here/target/jcstress-$mode-$n"
  rm -rf "$out"
  mkdir -p "$out"
  log="$out/console.txt"
  jvm=()
  if [ -n "$config" ]; then
    jvm=(-jvmArgs "$config")
  fi
  echo "== jcstress $mode, configuration $n/${#configs[@]}: ${config:-all detected}"
  set +e
  # -c 2: every test has two actors, and the study's reference box has two CPUs.
  "$java" -cp "$classpath" org.openjdk.jcstress.Main -t 'handoff\.queues\.(disruptor\.)?jcstress\.' \
      -m "$preset" "${extra[@]}" "${jvm[@]}" -c 2 -r "$out/report" "$@" > "$log" 2>&1
  status=$?
  set -e
  # A failure makes jcstress 0.16 exit non-zero (it throws "TEST FAILURES"); the summary is checked
  # too, so a run that printed nothing, or an older jcstress that exits 0, still counts as failed.
  if [ "$status" -ne 0 ] || ! grep -q "RUN RESULTS" "$log" \
      || ! grep -q "Failed tests: No matches" "$log" || ! grep -q "Error tests: No matches" "$log"; then
    sed -n '/RUN RESULTS/,$p' "$log" | head -80
    echo "jcstress: FAILED (exit $status; console: $log, report: $out/report/index.html)" >&2
    failed=1
  else
    grep -E "^\(Results:" "$log" | tail -1
    echo "passed (report: $out/report/index.html)"
  fi
  ran=$(find "$out/report" -maxdepth 1 -name 'handoff.*.html' 2>/dev/null | wc -l)
  if [ "$ran" -eq 0 ] || { [ "$#" -eq 0 ] && [ "$ran" -ne "$declared" ]; }; then
    echo "jcstress: ran $ran of the $declared @JCStressTest classes (console: $log)" >&2
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "jcstress: all tests passed"
