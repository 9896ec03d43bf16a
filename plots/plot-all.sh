#!/usr/bin/env bash
# Draw every figure of one run folder: plots/plot-all.sh results/<run-id>
#
# Runs the scripts listed in <run>/plots/data/figures.list (written by the `report` command), in order.
# The scripts read only <run>/plots/data/, never the CSVs themselves.
# PLOT_FORMATS="png" (default "png svg") limits the output formats.
# Exit status: 0 = done (some figures may be skipped), 1 = a gnuplot script failed,
#              2 = usage / no plot data yet, 127 = gnuplot not installed.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
run="${1:-}"
if [[ -z "$run" || ! -d "$run" ]]; then
    echo "usage: $0 <run-dir>   (e.g. results/20250101-120000-abc1234)" >&2
    exit 2
fi
run="${run%/}"
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "plot-all: gnuplot not found on PATH (apt-get install -y gnuplot-nox)" >&2
    exit 127
fi
if [[ ! -f "$run/plots/data/meta.gp" ]]; then
    echo "plot-all: $run/plots/data/meta.gp missing: run the report command on $run first; it writes the plot data" >&2
    exit 2
fi

# images are generated output: clear old ones so a figure that is no longer produced cannot linger
rm -f "$run"/plots/*.png "$run"/plots/*.svg

# The report command lists what to draw, in order, one figure a line: "script figure" (the figure is passed to
# the script as name). Nothing is decided here.
list="$run/plots/data/figures.list"
if [[ ! -f "$list" ]]; then
    echo "plot-all: $list missing: run the report command on $run first; it writes the plot data" >&2
    exit 2
fi
failed=0
while read -r script name; do
    [[ -z "$script" || "$script" == \#* ]] && continue
    echo "plot-all: $script.gp${name:+ $name}"
    if ! gnuplot -e "run='$run'; formats='${PLOT_FORMATS:-png svg}'${name:+; name='$name'}" "$here/$script.gp"; then
        echo "plot-all: gnuplot failed on $script.gp${name:+ ($name)}" >&2
        failed=1
    fi
done < "$list"
exit $failed
