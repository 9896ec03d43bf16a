#!/usr/bin/env bash
# Draw every figure of one run folder: plots/plot-all.sh results/<run-id>
#
# Runs each plots/*.gp script whose input CSV exists and has ok rows; skips the others with a message.
# The scripts read only <run>/plots/data/ (written by the `report` command), never the CSVs themselves.
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

# rows whose status column is exactly ok (files without a status column count every data row)
ok_rows() {
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i; next }
             NF > 1 && (s == 0 || $s == "ok") { n++ }
             END { print n + 0 }' "$1"
}

# script -> the CSVs it draws (any one with ok rows is enough)
declare -A inputs=(
    [rtt-bars]="rtt.csv"
    [hdr]="rtt.csv pipeline-latency.csv"
    [throughput]="pipeline.csv"
    [load]="pipeline-latency.csv"
    [hops]="pipeline-hops.csv"
    [alloc]="pipeline.csv"
    [unicast]="unicast.csv"
    [disruptor]="disruptor.csv"
)
order="rtt-bars hdr throughput load hops alloc unicast disruptor"

# images are generated output: clear old ones so a figure that is no longer produced cannot linger
rm -f "$run"/plots/*.png "$run"/plots/*.svg

failed=0
for s in $order; do
    have=""
    why=""
    for csv in ${inputs[$s]}; do
        if [[ ! -f "$run/$csv" ]]; then
            why+="$csv missing; "
        elif [[ "$(ok_rows "$run/$csv")" -eq 0 ]]; then
            why+="$csv has no ok rows; "
        else
            have=1
        fi
    done
    if [[ -z "$have" ]]; then
        echo "plot-all: skip $s.gp (${why%; })"
        continue
    fi
    echo "plot-all: $s.gp"
    if ! gnuplot -e "run='$run'; formats='${PLOT_FORMATS:-png svg}'" "$here/$s.gp"; then
        echo "plot-all: gnuplot failed on $s.gp" >&2
        failed=1
    fi
done
exit $failed
