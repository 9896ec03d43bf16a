#!/usr/bin/env bash
# handoff: build -> preflight -> trials -> plots -> REPORT.md
#
#   ./run-bench.sh                      the default 'quick' profile (about 15 minutes on 2 cores)
#   ./run-bench.sh --profile smoke      every suite and transport, tiny sizes (about 3 minutes)
#   ./run-bench.sh --resume results/ID  finish an interrupted run, then plots and report
#   ./run-bench.sh compare A B [--markdown FILE]
#   ./run-bench.sh --help
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"
JAR="$ROOT/harness/target/handoff.jar"

die() { echo "run-bench: $*" >&2; exit 2; }

usage() {
  cat <<'TXT'
usage: ./run-bench.sh [options]
       ./run-bench.sh compare RUN_A RUN_B [--markdown FILE]

Runs the study: build, preflight, trials (one fresh JVM each), plots, REPORT.md.

  --profile P         smoke | quick (default) | full
  --suites LIST       comma list of suites (default all; see: java -jar harness/target/handoff.jar list)
  --transports LIST   comma list of transport ids (default all)
  --producers LIST    producer counts, e.g. 1,2,3 (default 1..min(3, cores-1); full: 1..cores-1)
  --bursts LIST       RTT burst lengths (default 1,100)
  --wait LIST         spin,yield,park,block (default depends on profile)
  --capacity N        queue/ring capacity, a power of two (default 1024)
  --rate EPS          fixed offered load for the latency suite (default: fractions of measured saturation)
  --work N            stage work factor (default 1)
  --workers LIST      pipeline workers per stage, each N or A:B:C (parse:enrich:aggregate), e.g. 1,4:4:2
                      (default 1; smoke adds 2:2:1, full adds 4:4:2); n/a where a hop has one consumer
  --forks N           JVMs per configuration (default: the profile's; RTT runs more, shorter ones: quick 6, full 10)
  --rtt-messages M    what RTT producers send: pooled (pre-made messages, as the published harness; default)
                      or allocated (one new message per send, for queue transports)
  --cpus LIST         pin threads by role to these CPUs, e.g. 2-7
  --oversubscribe     run busy-waiting trials even with more threads than CPUs
  --trial-timeout S   watchdog per trial in seconds (default: 4x its estimate, at least 60)
  --out DIR           where run folders go (default results/)
  --resume DIR        finish an interrupted run folder, then plots and report
  --no-build          use the jars already in harness/target
  --quiet             no per-trial progress lines
  --help              this text
TXT
}

# ---- arguments: everything that needs no build is checked here, before any work -------------------
PROFILE=quick; OUT=results; RESUME=""; BUILD=1; PASS=(); ORIG_ARGS=("$@")
need() { [ $# -ge 2 ] && [ -n "$2" ] && [[ "$2" != --* ]] || die "$1 needs a value (see --help)"; }
posint() { [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] || die "$1 '$2' must be a whole number >= 1"; }
posints() { local IFS=,; [ -n "$2" ] || die "$1 is empty"; for v in $2; do posint "$1" "$v"; done; [[ "$2" != *, && "$2" != ,* && "$2" != *,,* ]] || die "$1 '$2' has an empty entry"; }

if [ "${1:-}" = "compare" ]; then
  shift
  [ -f "$JAR" ] || (mvn -B -q -DskipTests package >/dev/null) || die "build failed"
  exec java -jar "$JAR" compare "$@"
fi

while [ $# -gt 0 ]; do
  case "$1" in
    --help|-h) usage; exit 0 ;;
    --profile) need "$@"; case "$2" in smoke|quick|full) PROFILE="$2" ;; *) die "unknown profile '$2'; allowed: smoke, quick, full" ;; esac; shift 2 ;;
    --producers|--bursts) need "$@"; posints "$1" "$2"; PASS+=("$1" "$2"); shift 2 ;;
    --capacity) need "$@"; posint "$1" "$2"; (( ($2 & ($2 - 1)) == 0 && $2 >= 2 )) || die "--capacity $2 is not a power of two >= 2 (e.g. 1024)"; PASS+=("$1" "$2"); shift 2 ;;
    --work|--forks|--trial-timeout) need "$@"; posint "$1" "$2"; PASS+=("$1" "$2"); shift 2 ;;
    --workers) need "$@"; [[ "$2" =~ ^[0-9]+(:[0-9]+:[0-9]+)?(,[0-9]+(:[0-9]+:[0-9]+)?)*$ ]] && [[ ! ",$2" =~ [,:]0+(:|,|$) ]] \
        || die "--workers '$2' is not a list of workers specs; allowed: N or A:B:C (parse:enrich:aggregate), each >= 1, comma-separated"
      PASS+=("$1" "$2"); shift 2 ;;
    --rate) need "$@"; [[ "$2" =~ ^[0-9]*\.?[0-9]+([eE][0-9]+)?$ ]] && awk "BEGIN{exit !($2 > 0)}" || die "--rate $2 must be a positive number of events per second"; PASS+=("$1" "$2"); shift 2 ;;
    --suites|--transports|--wait|--cpus) need "$@"; PASS+=("$1" "$2"); shift 2 ;;
    --rtt-messages) need "$@"; case "$2" in pooled|allocated) ;; *) die "unknown --rtt-messages '$2'; allowed: pooled, allocated" ;; esac; PASS+=("$1" "$2"); shift 2 ;;
    --out) need "$@"; OUT="$2"; shift 2 ;;
    --resume) need "$@"; RESUME="$2"; [ -f "$2/manifest.json" ] && [ -f "$2/sweep.properties" ] || die "--resume $2 is not a run folder (no manifest.json and sweep.properties)"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --oversubscribe|--quiet) PASS+=("$1"); shift ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

# ---- preflight: the tools, before any long work ----------------------------------------------------
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
command -v "$JAVA" >/dev/null 2>&1 || die "java not found; install JDK 17 or newer (e.g. apt-get install openjdk-17-jdk)"
JV=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/{print $2}')
[ "${JV%%.*}" -ge 17 ] 2>/dev/null || die "java $JV is too old; JDK 17 or newer is required"
if [ "$BUILD" = 1 ]; then
  command -v mvn >/dev/null 2>&1 || die "mvn not found; install Maven 3.8+ (e.g. apt-get install maven)"
elif [ ! -f "$JAR" ]; then
  die "--no-build, but $JAR does not exist; build first with: mvn -B -DskipTests package"
fi
if ! command -v gnuplot >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "run-bench: gnuplot not found; installing gnuplot-nox with apt-get"
    (apt-get install -y -q gnuplot-nox >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q gnuplot-nox >/dev/null 2>&1; }) \
      || die "gnuplot not found and apt-get install gnuplot-nox failed; install gnuplot"
  else
    die "gnuplot not found; install it (e.g. apt-get install gnuplot-nox)"
  fi
fi

# ---- build ------------------------------------------------------------------------------------------
if [ "$BUILD" = 1 ]; then
  echo "run-bench: building (mvn package, tests skipped; the tests are: mvn -B verify)"
  mvn -B -q -DskipTests package >/tmp/handoff-build.$$.log 2>&1 || { tail -30 /tmp/handoff-build.$$.log; rm -f /tmp/handoff-build.$$.log; die "build failed"; }
  rm -f /tmp/handoff-build.$$.log
fi

# ---- trials -----------------------------------------------------------------------------------------
RUNFILE=$(mktemp)
trap 'rm -f "$RUNFILE"' EXIT
# Ctrl-C reaches the harness too (same process group): it stops the trial in flight and keeps the rest.
# A no-op handler (not '' which children would inherit as "ignored") lets this script outlive it.
trap ':' INT TERM
if [ -n "$RESUME" ]; then
  "$JAVA" -jar "$JAR" sweep --resume "$RESUME" --run-dir-file "$RUNFILE" "${PASS[@]}"
else
  "$JAVA" -jar "$JAR" sweep --dry-run --profile "$PROFILE" --out "$OUT" "${PASS[@]}" >/dev/null || exit $?
  "$JAVA" -jar "$JAR" sweep --profile "$PROFILE" --out "$OUT" --run-dir-file "$RUNFILE" \
      --command-line "./run-bench.sh${ORIG_ARGS[*]:+ $(printf '%q ' "${ORIG_ARGS[@]}")}" "${PASS[@]}"
fi
RC=$?
trap - INT TERM
RUN=$(cat "$RUNFILE" 2>/dev/null)
[ "$RC" = 2 ] && exit 2
[ -n "$RUN" ] || { echo "run-bench: the sweep did not start (exit $RC)" >&2; exit "$RC"; }
if [ "$RC" != 0 ]; then
  echo "run-bench: interrupted; finished trials are kept. Continue with: ./run-bench.sh --resume $RUN" >&2
  exit 130
fi

# ---- plots and report -------------------------------------------------------------------------------
echo "run-bench: plots and report for $RUN"
"$JAVA" -jar "$JAR" report "$RUN" || { echo "run-bench: report failed" >&2; exit 1; }
case "$(cd "$(dirname "$RUN")" && pwd)" in
  "$ROOT/results") "$JAVA" -jar "$JAR" report "$RUN" --no-plots --out "$ROOT/REPORT.md" ;;
esac
echo "run-bench: done: $RUN/REPORT.md"
