#!/usr/bin/env bash
# handoff: build -> preflight -> trials -> plots -> REPORT.md
#
#   ./run-bench.sh                      the default 'quick' profile (--budget 18m of trials, then plots and report)
#   ./run-bench.sh --profile smoke      every suite and transport, tiny sizes (about 3 minutes)
#   ./run-bench.sh --resume results/ID  finish an interrupted (or hard-killed) run, then plots and report
#   ./run-bench.sh compare A B [C ...] [--markdown FILE]
#   ./run-bench.sh ab BASE HEAD [--fail-on regression] [--suites ...] [--budget ...]   two builds measured in one run
#   ./run-bench.sh export|collect|compare-boxes ...   the fleet commands (README "Many boxes")
#   ./run-bench.sh --help
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$ROOT"
JAR="$ROOT/harness/target/handoff.jar"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java" # every step runs the harness with this java

die() { echo "run-bench: $*" >&2; exit 2; }

usage() {
  cat <<'TXT'
usage: ./run-bench.sh [options]
       ./run-bench.sh compare RUN_A RUN_B [RUN_C ...] [--markdown FILE]
       ./run-bench.sh ab BASE HEAD [--fail-on regression] [--suites LIST] [--transports LIST] [--budget DURATION]
                                   (two commits or two built jars in one interleaved run: ab --help)
       ./run-bench.sh export|collect|compare-boxes ARGS...   (each with --help: its own options)

Runs the study: build, preflight, trials (one fresh JVM each), plots, REPORT.md.

This script's own options:
  --resume DIR        finish an interrupted or incomplete run folder with its own options, then plots
                      and report (only --quiet may be added)
  --no-build          use the jars already in harness/target
  --help              this text

Every other option is the sweep's, passed on as given; the sweep's own help follows (made from its option
table: what each option does, what is allowed, its default). Lists take each value once, comma-separated.
Bad input: one line, exit 2, nothing created.
A write failure (full disk, permission lost, folder removed): one line naming the path and the cause, exit 74,
the run marked 'write-failed'; --resume completes it once the cause is gone.
Without gnuplot (and no root with apt-get to install it) the run goes on: trials, CSVs and REPORT.md without
figures, one warning line with the command that draws them later (report --plots RUN), exit 0.
Stop: Ctrl-C, or SIGTERM/SIGHUP/SIGINT to this script's pid (kill, timeout, a closed terminal) stops the
trial in flight, keeps the finished ones and marks the run 'interrupted'; exit 128 + the signal number.

TXT
  if [ -n "${HANDOFF_CLASSPATH:-}" ] || [ -f "$JAR" ]; then
    "$JAVA" "${HARNESS[@]}" sweep --help
  else
    echo "(the sweep's options: build first with 'mvn -B -q -DskipTests package', then ./run-bench.sh --help"
    echo " or java -jar harness/target/handoff.jar sweep --help)"
  fi
}

# ---- arguments --------------------------------------------------------------------------------------
# The harness's own plan is the one authority on options and their values ('sweep --dry-run' checks them all
# before any trial, and so before a run folder exists). This script knows only its own options (--resume,
# --no-build, --help) and passes every other one on, so a new sweep option needs no line here.
RESUME=""; BUILD=1; PASS=(); ORIG_ARGS=("$@")
need() { [ $# -ge 2 ] && [ -n "$2" ] && [[ "$2" != --* ]] || die "$1 needs a value (see --help)"; }

# HANDOFF_CLASSPATH runs the harness from a class path instead of the jar (the tests run this script
# before 'mvn package' has made one).
if [ -n "${HANDOFF_CLASSPATH:-}" ]; then HARNESS=(-cp "$HANDOFF_CLASSPATH" handoff.harness.cli.Main); else HARNESS=(-jar "$JAR"); fi

# the harness's other commands, passed on whole with this script's java (each checks its own arguments); ab: two builds
# (commits or jars) measured in one run, each built in a git worktree of its own outside this checkout
case "${1:-}" in
  compare|ab|export|collect|compare-boxes)
    VERB="$1"; shift
    [ -n "${HANDOFF_CLASSPATH:-}" ] || [ -f "$JAR" ] || (mvn -B -q -DskipTests package >/dev/null) || die "build failed"
    exec "$JAVA" "${HARNESS[@]}" "$VERB" "$@" ;;
esac

while [ $# -gt 0 ]; do
  case "$1" in
    --help|-h) usage; exit 0 ;;
    --resume) need "$@"; RESUME="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --dry-run|--run-dir-file|--command-line) die "unknown option '$1' (see --help)" ;; # the harness's own, set here
    # every other option is the sweep's (its option table, SweepOptions): passed on with its value where one follows;
    # the harness's plan says whether it exists and whether its value is allowed (one line, exit 2, nothing created)
    --*) if [ $# -ge 2 ] && [[ "$2" != --* ]]; then PASS+=("$1" "$2"); shift 2; else PASS+=("$1"); shift; fi ;;
    *) die "unexpected argument '$1' (see --help)" ;;
  esac
done

# ---- stopping: a signal to this script alone stops the whole run ------------------------------------
# Each step runs in the background while this script waits for it, so SIGTERM, SIGHUP or SIGINT sent to
# this script's pid alone (kill, timeout, a CI cancel, a closed terminal) is passed on as SIGTERM to the
# step in flight: the sweep then stops its trial in flight, keeps the finished ones and marks the run
# 'interrupted'; this script starts nothing more and exits 128 + the signal's number.
STEP=""; STOPPED=""
stop() { STOPPED=${STOPPED:-$1}; [ -z "$STEP" ] || kill -TERM "$STEP" 2>/dev/null; }
trap 'stop 130' INT; trap 'stop 143' TERM; trap 'stop 129' HUP
step() {
  [ -z "$STOPPED" ] || exit "$STOPPED"
  "$@" & STEP=$!
  [ -z "$STOPPED" ] || kill -TERM "$STEP" 2>/dev/null # a signal that came before STEP was set
  while kill -0 "$STEP" 2>/dev/null; do wait "$STEP"; done # a trapped signal ends 'wait' early: wait again
  wait "$STEP"; local rc=$?
  STEP=""
  return "$rc"
}

# ---- preflight: the tools, before any long work ----------------------------------------------------
command -v "$JAVA" >/dev/null 2>&1 || die "java not found; install JDK 17 or newer (e.g. apt-get install openjdk-17-jdk)"
JV=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/{print $2}')
[ "${JV%%.*}" -ge 17 ] 2>/dev/null || die "java $JV is too old; JDK 17 or newer is required"
if [ "$BUILD" = 1 ]; then
  command -v mvn >/dev/null 2>&1 || die "mvn not found; install Maven 3.8+ (e.g. apt-get install maven)"
elif [ -z "${HANDOFF_CLASSPATH:-}" ] && [ ! -f "$JAR" ]; then
  die "--no-build, but $JAR does not exist; build first with: mvn -B -DskipTests package"
fi
# gnuplot draws the figures, the last step: without it the run goes on and the report is written without them
PLOTS=1
if ! command -v gnuplot >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "run-bench: gnuplot not found; installing gnuplot-nox with apt-get"
    (apt-get install -y -q gnuplot-nox >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q gnuplot-nox >/dev/null 2>&1; }) \
      || PLOTS=0
  else
    PLOTS=0
  fi
fi

# ---- build ------------------------------------------------------------------------------------------
if [ "$BUILD" = 1 ]; then
  echo "run-bench: building (mvn package, tests skipped; the tests are: mvn -B verify)"
  step mvn -B -q -DskipTests package >/tmp/handoff-build.$$.log 2>&1
  RC=$?
  [ -z "$STOPPED" ] || { rm -f /tmp/handoff-build.$$.log; exit "$STOPPED"; }
  [ "$RC" = 0 ] || { tail -30 /tmp/handoff-build.$$.log; rm -f /tmp/handoff-build.$$.log; die "build failed"; }
  rm -f /tmp/handoff-build.$$.log
fi

# ---- trials -----------------------------------------------------------------------------------------
RUNFILE=$(mktemp)
trap 'rm -f "$RUNFILE"' EXIT
if [ -n "$RESUME" ]; then
  SWEEP=(sweep --resume "$RESUME")
else
  SWEEP=(sweep --command-line "./run-bench.sh${ORIG_ARGS[*]:+ $(printf '%q ' "${ORIG_ARGS[@]}")}")
fi
# every option checked by the harness's plan before anything is created: bad input exits 2 with one line
step "$JAVA" "${HARNESS[@]}" "${SWEEP[@]}" --dry-run "${PASS[@]}" >/dev/null
RC=$?
[ -z "$STOPPED" ] || exit "$STOPPED"
[ "$RC" = 0 ] || exit "$RC"
step "$JAVA" "${HARNESS[@]}" "${SWEEP[@]}" --run-dir-file "$RUNFILE" "${PASS[@]}"
RC=$?
RUN=$(cat "$RUNFILE" 2>/dev/null)
[ "$RC" = 2 ] && [ -z "$STOPPED" ] && exit 2
# a write failure (full disk, permission lost, folder removed): the sweep said it in one line (the path, the
# cause, how to resume) and marked the run 'write-failed'; its own exit code, not an interrupt's
[ "$RC" = 74 ] && [ -z "$STOPPED" ] && exit 74
[ -n "$RUN" ] || { echo "run-bench: the sweep did not start (exit $RC)" >&2; exit "${STOPPED:-$RC}"; }
if [ -n "$STOPPED" ] || [ "$RC" != 0 ]; then
  echo "run-bench: interrupted; finished trials are kept. Continue with: ./run-bench.sh --resume $RUN" >&2
  exit "${STOPPED:-130}"
fi

# ---- plots and report -------------------------------------------------------------------------------
if [ "$PLOTS" = 1 ]; then
  echo "run-bench: plots and report for $RUN"
  REPORT=(report "$RUN")
else
  echo "run-bench: warning: gnuplot not found (e.g. apt-get install gnuplot-nox): the report has no figures; draw them later, in $ROOT, with: $JAVA -jar harness/target/handoff.jar report --plots $RUN"
  REPORT=(report "$RUN" --no-plots)
fi
step "$JAVA" "${HARNESS[@]}" "${REPORT[@]}" || { RC=$?; [ -n "$STOPPED" ] && exit "$STOPPED"; [ "$RC" = 74 ] && exit 74; echo "run-bench: report failed" >&2; exit 1; }
case "$(cd "$(dirname "$RUN")" && pwd)" in
  "$ROOT/results") step "$JAVA" "${HARNESS[@]}" report "$RUN" --no-plots --top "$ROOT/REPORT.md" || { RC=$?; [ -n "$STOPPED" ] && exit "$STOPPED"; exit "$RC"; } ;;
esac
[ -z "$STOPPED" ] || exit "$STOPPED"
echo "run-bench: done: $RUN/REPORT.md"
