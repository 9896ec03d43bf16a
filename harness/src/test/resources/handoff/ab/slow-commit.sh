#!/usr/bin/env bash
# SLOW, the fixture of ab's measured check (docs/running.md, "Two builds in one run"): a commit of this repository that
# is REV (default HEAD) with slow-disruptor-send.patch applied (a fixed amount of work per event on the hand-rolled
# Disruptor's send path, about 1.2x on its RTT rows at burst 1, wait block, on the 2-vCPU reference box). It is made in
# a throwaway worktree, so the checkout is not touched, and left with no branch; its sha is printed, for:
#
#   ./run-bench.sh ab HEAD "$(harness/src/test/resources/handoff/ab/slow-commit.sh)" --fail-on regression
set -euo pipefail
rev=${1:-HEAD}
root=$(git rev-parse --show-toplevel)
patch="$root/harness/src/test/resources/handoff/ab/slow-disruptor-send.patch"
tree=$(mktemp -d "${TMPDIR:-/tmp}/handoff-slow-XXXXXX")
trap 'git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"' EXIT
git -C "$root" worktree add -q --detach "$tree" "$rev"
git -C "$tree" apply "$patch"
git -C "$tree" -c user.name=handoff -c user.email=handoff@localhost commit -q -a \
  -m "SLOW fixture: a fixed amount of work per event on the Disruptor's send path (ab's measured check)"
git -C "$tree" rev-parse HEAD
