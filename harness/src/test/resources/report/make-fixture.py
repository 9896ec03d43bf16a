#!/usr/bin/env python3
"""Writes the SYNTHETIC run folders the report tests read. Every number here is invented to exercise the
report code (ratios, flags, failures); none of it is a measurement. Re-run to regenerate:
    python3 harness/src/test/resources/report/make-fixture.py
"""
import json, math, os, shutil

HERE = os.path.dirname(os.path.abspath(__file__))

def hgrm(path, total, anchors, maxv):
    """HdrHistogram CSV output form: ticks on x = 1/(1-p) = 2^(k/2), values log-interpolated between
    anchors {x: value}; last line is the max at percentile 1.0 with Infinity in the 4th column."""
    xs = sorted(anchors)
    def val(x):
        for a, b in zip(xs, xs[1:]):
            if a <= x <= b:
                t = (math.log(x) - math.log(a)) / (math.log(b) - math.log(a))
                return math.exp(math.log(anchors[a]) + t * (math.log(anchors[b]) - math.log(anchors[a])))
        return anchors[xs[-1]]
    lines = ['"Value","Percentile","TotalCount","1/(1-Percentile)"']
    k = 0
    while True:
        x = 2 ** (k / 2)
        if x > total / 2:
            break
        p = 1 - 1 / x
        v = min(round(val(x)), maxv)  # a real histogram never exceeds its max
        lines.append("%.3f,%.12f,%d,%.2f" % (v, p, round(p * total), x))
        k += 1
    lines.append("%.3f,%.12f,%d,Infinity" % (maxv, 1.0, total))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")

def csv(path, header, rows):
    with open(path, "w") as f:
        f.write(header + "\n")
        for r in rows:
            f.write(",".join('"%s"' % c if "," in str(c) else str(c) for c in r) + "\n")

def manifest(d, status, **over):
    m = {
        "run_id": os.path.basename(d), "status": status, "git_commit": "0123456789abcdef0123456789abcdef01234567",
        "git_dirty": False, "date_utc": "2025-01-01T00:00:00Z",
        "command_line": "./run-bench.sh --profile fixture --cpus 0,1", "profile": "fixture (SYNTHETIC TEST DATA)",
        "jvm": {"version": "17.0.15+6", "vendor": "Synthetic JVM", "flags": ["-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"]},
        "machine": {"cpu_model": "Synthetic CPU 2.0GHz", "cores": 2, "smt": False, "numa_nodes": 1, "governor": "unknown",
                    "thp": "always", "isolcpus": "", "nohz_full": "", "virtualised": True, "hostname": "fixture", "os": "Linux"},
        "pinning": {"plan": "producers:0 consumer:1", "outcome": "applied to 14 of 16 trials"},
        "warnings": ["only 2 CPUs: pipeline trials (4 threads) are oversubscribed",
                     "virtualised: CPU steal time may inflate tails"],
        "suites": ["rtt", "pipeline", "latency", "unicast", "disruptor"],
    }
    m.update(over)
    with open(os.path.join(d, "manifest.json"), "w") as f:
        json.dump(m, f, indent=2)

RTT_H = ("transport,producers,burst,wait,mean_ns,p50_ns,p90_ns,p99_ns,p999_ns,max_ns,samples,status,gc_count,gc_time_ms,"
         "gc_max_pause_ms,alloc_bytes_per_op,cpu_ns_per_op,oversubscribed,forks,p99_fork_min_ns,p99_fork_max_ns,unstable,"
         "threads,cpus,pinning,hgrm")

def rtt_rows(d, tweak=None, keep=lambda r: True, histograms=True):
    # (transport, P, B, wait, mean, p50, p90, p99, p999, max, p99min, p99max, unstable)
    ok = [
        ("abq", 1, 1, "spin", 600, 550, 700, 1200, 3000, 50000, 1100, 1300, False),
        ("abq", 2, 1, "spin", 1800, 1500, 2500, 10000, 40000, 900000, 9000, 12000, False),
        ("lbq", 1, 1, "spin", 450, 420, 520, 750, 2000, 40000, 700, 800, False),
        ("lbq", 2, 1, "spin", 1200, 1000, 1500, 7000, 30000, 800000, 3000, 9000, True),
        ("clq", 1, 1, "spin", 280, 260, 320, 360, 900, 30000, 350, 370, False),
        ("mtoca", 1, 1, "spin", 175, 170, 185, 200, 400, 20000, 195, 210, False),
        ("jctools", 1, 1, "spin", 170, 165, 180, 195, 380, 20000, 190, 200, False),
        ("disruptor", 1, 1, "spin", 200, 190, 220, 260, 600, 25000, 250, 270, False),
        ("lmax", 1, 1, "spin", 210, 200, 230, 270, 650, 26000, 260, 280, False),
        ("flow", 1, 1, "native", 4000, 3500, 5000, 9000, 20000, 300000, 8500, 9500, False),
        ("baseline", 1, 1, "spin", 150, 140, 160, 190, 300, 15000, 185, 195, False),
        ("abq", 1, 100, "spin", 30000, 29000, 33000, 42000, 60000, 400000, 41000, 43000, False),
        ("abq", 2, 100, "spin", 36000, 34000, 45000, 65000, 90000, 2000000, 60000, 70000, False),
        ("clq", 1, 100, "spin", 13000, 12500, 14000, 16000, 20000, 200000, 15500, 16500, False),
        ("disruptor", 1, 100, "spin", 5000, 4800, 5500, 6500, 9000, 100000, 6300, 6700, False),
        ("baseline", 1, 100, "spin", 720, 700, 800, 980, 1500, 30000, 960, 1000, False),
    ]
    if tweak:
        ok = [tweak(r) for r in ok]
    rows = []
    for t, p, b, w, mean, p50, p90, p99, p999, mx, lo, hi, unst in filter(keep, ok):
        threads = p + 1
        h = ""
        if histograms:
            h = "hgrm/rtt-%s-p%d-b%d-%s.hgrm" % (t, p, b, w)
            hgrm(os.path.join(d, h), 20000, {1: p50 * 0.6, 2: p50, 10: p90, 100: p99, 1000: p999, 10000: (p999 + mx) / 4}, mx)
        rows.append([t, p, b, w, mean, p50, p90, p99, p999, mx, 20000, "ok", 0, 0, 0, 0, mean * 2,
                     str(threads > 2).lower(), 2, lo, hi, str(unst).lower(), threads, 2, "pinned" if threads <= 2 else "none", h])
    rows.append(["nanotime", 1, 1, "spin", 25, 24, 26, 30, 45, 2000, 20000, "ok", 0, 0, 0, 0, 25, "false", 2, 29, 31, "false", 1, 2, "pinned", ""])
    rows.append(["jctools", 2, 1, "spin", "", "", "", "", "", "", "", "failed:checksum mismatch, 3 events lost", "", "", "", "", "", "true", 2, "", "", "", 3, 2, "none", ""])
    rows.append(["mtoca", 2, 1, "spin", "", "", "", "", "", "", "", "timeout", "", "", "", "", "", "true", 2, "", "", "", 3, 2, "none", ""])
    rows.append(["flow", 2, 1, "native", "", "", "", "", "", "", "", "n/a:flow has no shared multi-producer send path", "", "", "", "", "", "true", 0, "", "", "", 3, 2, "", ""])
    return rows

PIPE_H = ("transport,producers,wait,work,workers,throughput_eps,throughput_err,throughput_min_eps,throughput_max_eps,"
          "alloc_bytes_per_event,gc_count,gc_time_ms,cpu_ns_per_event,status,oversubscribed,unstable,threads,cpus")

def pipe_rows(scale=None):
    ok = [  # transport, wait, Meps, errMeps, alloc B/event, gc ms
        ("abq", "spin", 2.5, 0.2, 96, 40), ("abq", "block", 2.0, 0.3, 96, 45),
        ("lbq", "spin", 3.0, 0.3, 128, 60), ("lbq", "block", 2.2, 0.2, 128, 62),
        ("clq", "spin", 6.0, 0.5, 120, 80), ("mtoca", "spin", 20.0, 2.0, 96, 30),
        ("jctools", "spin", 22.0, 2.5, 96, 31), ("flow", "native", 4.0, 0.4, 150, 70),
        ("disruptor", "spin", 40.0, 5.0, 0, 0), ("disruptor", "block", 10.0, 1.0, 0, 0),
        ("lmax", "spin", 45.0, 4.0, 0.5, 0), ("lmax", "block", 11.0, 1.0, 0.5, 0),
    ]
    rows = []
    for t, w, m, e, a, gc in ok:
        if scale:
            m, e = scale(t, w, m, e)
        rows.append([t, 1, w, 1, 1, int(m * 1e6), int(e * 1e6), int((m - e) * 1e6), int((m + e) * 1e6), a,
                     0 if gc == 0 else 12, gc, 180, "ok", "true", "false", 4, 2])
    rows.append(["abq", 2, "spin", 1, 1, "", "", "", "", "", "", "", "", "failed:verification failed: aggregated 999998 of 1000000 events",
                 "true", "", 5, 2])
    return rows

LAT_H = ("transport,producers,wait,work,offered_eps,achieved_eps,load_pct,mean_ns,p50_ns,p90_ns,p99_ns,p999_ns,max_ns,samples,"
         "peak_backlog,heap_growth_bytes,gc_count,gc_time_ms,gc_max_pause_ms,alloc_bytes_per_event,cpu_ns_per_event,status,"
         "oversubscribed,threads,cpus,pinning,hgrm")
HOPS_H = "transport,producers,wait,work,offered_eps,hop,mean_ns,p50_ns,p90_ns,p99_ns,p999_ns,max_ns,hgrm"

def lat_rows(d):
    data = [  # transport, wait, sat Meps, [(load, achieved fraction, p50, p99, max)]
        ("abq", "block", 2.0, [(10, 1.0, 9000, 60000, 900000), (50, 1.0, 15000, 150000, 2000000), (80, 0.9, 400000, 5000000, 9000000)]),
        ("clq", "spin", 6.0, [(10, 1.0, 900, 5000, 400000), (50, 1.0, 1500, 20000, 900000), (80, 0.98, 5000, 300000, 4000000)]),
        ("disruptor", "spin", 40.0, [(10, 1.0, 300, 1200, 200000), (50, 1.0, 500, 4000, 500000), (80, 0.985, 2000, 80000, 3000000)]),
    ]
    rows, hops = [], []
    for t, w, sat, pts in data:
        for load, frac, p50, p99, mx in pts:
            off = int(sat * 1e6 * load / 100)
            h = "hgrm/lat-%s-%s-l%d.hgrm" % (t, w, load)
            hgrm(os.path.join(d, h), 50000, {1: p50 * 0.4, 2: p50, 10: (p50 * p99) ** 0.5, 100: p99, 1000: min(p99 * 3, mx * 0.6), 10000: mx * 0.8}, mx)
            mean = int(p50 * 1.4)
            rows.append([t, 1, w, 1, off, int(off * frac), load, mean, p50, int((p50 * p99) ** 0.5), p99, min(p99 * 3, mx), mx, 50000,
                         12 if frac == 1 else 90000, 50_000_000 if t == "clq" and load == 80 else 0, 3, 12, 4, 96 if t != "disruptor" else 0,
                         300, "ok", "true", 4, 2, "none", h])
            for i, hop in enumerate(["publish->parse", "parse->enrich", "enrich->aggregate"]):
                m = int(mean * (0.4, 0.35, 0.25)[i])
                hops.append([t, 1, w, 1, off, hop, m, int(m * 0.8), int(m * 1.5), int(m * 6), int(m * 20), int(m * 100), ""])
    rows.append(["lmax", 1, "spin", 1, 36000000, "", 80, "", "", "", "", "", "", "", "", "", "", "", "", "", "", "timeout", "true", 4, 2, "none", ""])
    return rows, hops

UNI_H = "transport,wait,items,time_ms,time_err_ms,ns_per_item,alloc_bytes_per_item,status,oversubscribed"

def uni_rows(scale=1.0):
    rows = []
    for t, w, per in [("abq", "block", 0.19), ("flow", "native", 0.12), ("disruptor", "spin", 0.026), ("lmax", "spin", 0.026)]:
        for n in [5000, 50000, 500000]:
            ms = per * n / 1000 * (scale if t == "abq" else 1.0)
            if t == "lmax" and n == 5000:
                ms = 0.13
            if t == "flow" and n == 5000:
                ms = 0.6
            rows.append([t, w, n, "%.4f" % ms, "%.4f" % (ms * 0.05), "%.1f" % (ms * 1e6 / n), 0 if t in ("disruptor", "lmax") else 24, "ok", "false"])
    rows.append(["flow", "native", 5000000, "", "", "", "", "failed:OutOfMemoryError: Java heap space", "false"])
    rows.append(["lmax", "spin", 5000000, "", "", "", "", "skipped:items above --max-items of the fixture profile", "false"])
    return rows

DIS_H = "benchmark,impl,wait,score,score_err,unit,alloc_bytes_per_op,status"

def dis_rows():
    rows = []
    for b, vals in [("unicast_1p1c", {("disruptor", "spin"): 150e6, ("lmax", "spin"): 160e6, ("disruptor", "block"): 20e6, ("lmax", "block"): 22e6}),
                    ("sequencer_3p1c", {("disruptor", "spin"): 30e6, ("lmax", "spin"): 29e6, ("lmax", "block"): 9e6}),
                    ("pipeline_1p3c", {("disruptor", "spin"): 80e6, ("lmax", "spin"): 100e6})]:
        for (i, w), s in vals.items():
            rows.append([b, i, w, int(s), int(s * 0.06), "ops/s", 0, "ok"])
    rows.append(["sequencer_3p1c", "disruptor", "block", "", "", "ops/s", "", "timeout"])
    return rows

def fresh(name):
    d = os.path.join(HERE, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d

# complete run ------------------------------------------------------------------------------------------
d = fresh("run-complete")
manifest(d, "complete")
csv(os.path.join(d, "rtt.csv"), RTT_H, rtt_rows(d))
csv(os.path.join(d, "pipeline.csv"), PIPE_H, pipe_rows())
lat, hops = lat_rows(d)
csv(os.path.join(d, "pipeline-latency.csv"), LAT_H, lat)
csv(os.path.join(d, "pipeline-hops.csv"), HOPS_H, hops)
csv(os.path.join(d, "unicast.csv"), UNI_H, uni_rows())
csv(os.path.join(d, "disruptor.csv"), DIS_H, dis_rows())

# partial run: interrupted, only rtt.csv, manifest lacking machine facts ------------------------------------
d = fresh("run-partial")
with open(os.path.join(d, "manifest.json"), "w") as f:
    json.dump({"run_id": "run-partial", "status": "interrupted", "git_commit": "fedcba9876543210fedcba9876543210fedcba98",
               "git_dirty": True, "command_line": "./run-bench.sh --profile quick", "warnings": []}, f, indent=2)
csv(os.path.join(d, "rtt.csv"), RTT_H, [r for r in rtt_rows(d, keep=lambda r: r[1] == 1 and r[2] == 1) if r[1] == 1 and r[2] == 1])

# second run for compare: abq RTT p99 and abq/block throughput moved beyond spread, lbq p99 within noise ------
d = fresh("run-b")
manifest(d, "complete")
def tweak(r):
    t, p, b, w, mean, p50, p90, p99, p999, mx, lo, hi, u = r
    if (t, p, b) == ("abq", 1, 1):
        return (t, p, b, w, 900, 800, 1000, 2000, 4000, 60000, 1900, 2100, u)
    if (t, p, b) == ("lbq", 1, 1):
        return (t, p, b, w, 455, 425, 525, 760, 2000, 40000, 720, 790, u)
    return r
csv(os.path.join(d, "rtt.csv"), RTT_H, rtt_rows(d, tweak, histograms=False))  # compare reads no histograms
def scale(t, w, m, e):
    if (t, w) == ("abq", "block"):
        return 1.0, 0.1
    if (t, w) == ("disruptor", "spin"):
        return 41.0, 5.0
    return m, e
csv(os.path.join(d, "pipeline.csv"), PIPE_H, pipe_rows(scale))
csv(os.path.join(d, "unicast.csv"), UNI_H, uni_rows(scale=1.5))
