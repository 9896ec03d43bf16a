package handoff.harness.pipeline;

import handoff.harness.report.Doc;
import handoff.harness.report.Fmt;
import handoff.harness.report.Md;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;
import handoff.harness.trial.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The decision table for the three-stage pipeline: per transport × wait (one worker per stage), saturation with
 * its interval, p50/p99 at the rate offered to all, bytes and CPU per event, CPUs burned idle, context switches
 * when measured, flags, and a generated "choose it when". A winner is named only where intervals separate.
 */
public final class DecisionSection implements Section {
    @Override
    public void write(Doc doc) {
        RunData run = doc.run;
        List<Row> all = RunData.eq(run.ok(ThroughputFigure.FILE), "workers", "1");
        if (all.isEmpty()) {
            return;
        }
        doc.h2("Decision table: the three-stage pipeline");
        for (String p : RunData.distinct(all, "producers")) {
            List<Row> rows = RunData.sorted(RunData.eq(all, "producers", p), "wait");
            List<Row> lat = RunData.eq(SameRateLatencyFigure.common(run), "producers", p);
            String pct = lat.isEmpty() ? "" : RunData.distinct(lat, "load_pct").get(RunData.distinct(lat, "load_pct").size() - 1);
            List<Row> at = RunData.eq(lat, "load_pct", pct);
            String rate = at.isEmpty() ? "" : Fmt.rate(at.get(0).num("offered_eps"));
            List<Row> idle = at; // every latency trial measured its idle pipeline first
            boolean cs = rows.stream().anyMatch(r -> r.has("vcsw_per_op"));
            List<String> head = new ArrayList<>(List.of("transport/wait", "idle policy", "family", "saturation [interval]",
                    "p50 @ " + (rate.isEmpty() ? "same rate" : rate), "p99 @ " + (rate.isEmpty() ? "same rate" : rate),
                    "bytes/event", "CPU/event", "idle CPUs"));
            if (cs) {
                head.add("ctx switches/event");
            }
            head.addAll(List.of("flags", "choose it when"));
            Md t = new Md(head.toArray(String[]::new));
            Choice choice = new Choice(rows, at, idle);
            for (Row r : rows) {
                Row l = match(at, r);
                Row i = match(idle, r);
                List<String> cells = new ArrayList<>(List.of(r.label(), idlePolicy(r),
                        run.traits.family(r.get("transport")) + (run.traits.get(r.get("transport")).preallocated() ? ", preallocated" : ""),
                        Fmt.withInterval(ThroughputFigure.saturation(r), Fmt::rate),
                        l == null ? Fmt.NONE : Fmt.withInterval(SameRateLatencyFigure.p50(l), Fmt::time),
                        l == null ? Fmt.NONE : Fmt.withInterval(SameRateLatencyFigure.p99(l), Fmt::time),
                        Fmt.sig3(r.num("alloc_bytes_per_event")) + " B", Fmt.time(r.num("cpu_ns_per_event")),
                        i == null ? Fmt.NONE : Fmt.sig3(i.num("idle_cpus"))));
                if (cs) {
                    cells.add(Fmt.sig3(r.num("vcsw_per_op") + r.num("ivcsw_per_op")));
                }
                cells.add((r.flags() + (l == null ? "" : " " + SameRateLatencyFigure.overload(l))).trim());
                cells.add(choice.of(r));
                t.row(cells);
            }
            doc.h3("P = " + p + " producer" + (p.equals("1") ? "" : "s") + ", one thread per stage");
            doc.table(t);
            doc.p(choice.verdict());
            String pairs = likeForLike(rows);
            if (!pairs.isEmpty()) {
                doc.p(pairs);
            }
        }
        doc.p("Test for every claim above: two rows differ only where their intervals over forks do not overlap (median over "
                + "forks, distribution-free interval; its coverage is in the figure tables). Saturation from JMH; latency open loop at "
                + "one absolute rate for all (a fraction of the slowest configuration's saturation); idle CPUs = process CPU time ÷ wall "
                + "time with the pipeline started and nothing sent (the trial threads' CPU since issue 29). Queues allocate an event per message; rings reuse preallocated slots. "
                + "Buffering is compared per hop, not in total: a queue pipeline holds up to 3 × `--capacity` events (a queue "
                + "per hop), a ring `--capacity` in all, so under a standing backlog the rings hold a third as much.");
    }

    /** The row's {@code idle_policy}, or for a run before the column what its wait does in its transport now. */
    static String idlePolicy(Row r) {
        String p = r.get("idle_policy");
        return p.isEmpty() ? handoff.harness.results.TransportTraits.idlePolicy(r.get("transport"), r.get("wait")) : p;
    }

    /**
     * The like-for-like pairs: {@code disruptor/park} and {@code /block} beside {@code lmax-ours} (LMAX's ring with our
     * idle policy), since {@code lmax/park} and {@code lmax/block} run LMAX's own policies; empty when not measured.
     */
    static String likeForLike(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (String w : List.of("park", "block")) {
            Row ours = find(rows, "disruptor", w);
            Row theirs = find(rows, handoff.queues.adapters.LmaxTransport.OURS_ID, w);
            if (ours != null && theirs != null) {
                out.add("`disruptor/" + w + "` " + Fmt.withInterval(ThroughputFigure.saturation(ours), Fmt::rate) + " vs `"
                        + theirs.label() + "` " + Fmt.withInterval(ThroughputFigure.saturation(theirs), Fmt::rate));
            }
        }
        return out.isEmpty() ? "" : "Like for like (same idle policy, the ring is the only difference): " + String.join("; ", out)
                + ". The `lmax/park` and `lmax/block` rows run LMAX's own policies (see the idle policy column), so they "
                + "differ from ours in the idle policy as well as the ring.";
    }

    private static Row find(List<Row> rows, String transport, String wait) {
        return rows.stream().filter(r -> r.get("transport").equals(transport) && r.get("wait").equals(wait)).findFirst().orElse(null);
    }

    static Row match(List<Row> rows, Row r) {
        for (Row x : rows) {
            if (x.get("transport").equals(r.get("transport")) && x.get("wait").equals(r.get("wait")) && x.sameRuntime(r)) {
                return x;
            }
        }
        return null;
    }

    /** Which rows are best on each measure, significantly; the "choose it when" words and the verdict. */
    static final class Choice {
        private final List<Row> rows;
        private final List<Row> top;
        private final List<Row> lowP99;
        private final List<Row> latRows;
        private final List<Row> idle;

        Choice(List<Row> rows, List<Row> lat, List<Row> idle) {
            this.rows = rows;
            this.latRows = lat;
            this.idle = idle;
            this.top = bestGroup(rows, ThroughputFigure::saturation, true);
            List<Row> withLat = rows.stream().filter(r -> match(lat, r) != null).toList();
            this.lowP99 = bestGroup(withLat, r -> SameRateLatencyFigure.p99(match(lat, r)), false);
        }

        /**
         * The best row and every row whose interval overlaps it; empty when that is every row (nothing is
         * significantly better than anything).
         */
        static List<Row> bestGroup(List<Row> rows, Function<Row, Stats.Interval> f, boolean highest) {
            Row best = null;
            for (Row r : rows) {
                if (best == null || (highest ? f.apply(r).centre() > f.apply(best).centre() : f.apply(r).centre() < f.apply(best).centre())) {
                    best = r;
                }
            }
            if (best == null) {
                return List.of();
            }
            Stats.Interval b = f.apply(best);
            List<Row> group = rows.stream().filter(r -> !Stats.separated(b, f.apply(r))).toList();
            return group.size() == rows.size() ? List.of() : group;
        }

        String of(Row r) {
            List<String> why = new ArrayList<>();
            if (top.contains(r)) {
                why.add(top.size() == 1 ? "throughput matters most (highest, significantly)" : "throughput matters (top group)");
            }
            if (lowP99.contains(r)) {
                why.add(lowP99.size() == 1 ? "tail latency at equal load matters (lowest p99)" : "tail latency matters (lowest p99 group)");
            }
            double minBytes = rows.stream().mapToDouble(x -> x.num("alloc_bytes_per_event")).min().orElse(Double.NaN);
            double maxBytes = rows.stream().mapToDouble(x -> x.num("alloc_bytes_per_event")).max().orElse(Double.NaN);
            if (r.num("alloc_bytes_per_event") <= minBytes * 1.1 + 1 && maxBytes > 2 * minBytes + 8) {
                why.add("garbage matters (allocates least)");
            }
            Row i = match(idle, r);
            double maxIdle = idle.stream().mapToDouble(x -> x.num("idle_cpus")).max().orElse(0);
            if (i != null && i.num("idle_cpus") < 0.05 && maxIdle > 0.5) {
                why.add("it idles often (costs no CPU idle)");
            }
            if (why.isEmpty()) {
                return "no measured advantage in this run";
            }
            return String.join("; ", why) + (r.oversubscribed() ? " — oversubscribed, recheck on more CPUs" : "");
        }

        String verdict() {
            String a = top.size() == 1 ? "Highest saturation throughput: **" + name(top.get(0)) + "**, significantly"
                    + (top.get(0).flags().isEmpty() ? "." : " (" + top.get(0).flags() + ").")
                    : top.isEmpty() ? "Saturation throughput: **no significant difference** between any pair of rows at the top "
                    + "(every interval overlaps the best one's, or rows have one fork)."
                    : "Saturation throughput: **no significant difference** within the top group " + names(top) + ".";
            if (latRows.isEmpty()) {
                return a + " Latency at one rate for all was not measured in this run.";
            }
            String b = lowP99.size() == 1 ? " Lowest p99 at equal load: **" + name(lowP99.get(0)) + "**, significantly."
                    : lowP99.isEmpty() ? " p99 at equal load: **no significant difference**."
                    : " p99 at equal load: **no significant difference** within " + names(lowP99) + ".";
            return a + b;
        }

        private static String name(Row r) {
            return r.label();
        }

        private static String names(List<Row> rs) {
            return String.join(", ", rs.stream().map(Choice::name).toList());
        }
    }
}
