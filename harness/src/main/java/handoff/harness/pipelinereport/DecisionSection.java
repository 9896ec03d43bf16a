package handoff.harness.pipelinereport;

import handoff.harness.latency.SustainableProbe;
import handoff.harness.report.Doc;
import handoff.harness.report.Fmt;
import handoff.harness.report.Md;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;
import handoff.harness.report.TestedClaims;
import handoff.harness.stats.Ranking;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.List;

/**
 * The decision table for the three-stage pipeline: per transport × wait (one worker per stage), saturation with
 * its interval, p50/p99 at the rate offered to all, bytes and CPU per event, CPUs burned idle, context switches
 * when measured, flags, and a generated "choose it when". A winner is named only where it differs from every other
 * row by the study's test ({@link Ranking}).
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
            String pct = SameRateLatencyFigure.rankingLoad(lat);
            List<Row> capacity = SameRateLatencyFigure.capacity(run);
            String budget = capacity.isEmpty() ? "" : Fmt.time(capacity.get(0).num("budget_ns"));
            List<Row> at = RunData.eq(lat, "load_pct", pct);
            String rate = at.isEmpty() ? "" : Fmt.rate(at.get(0).num("offered_eps"));
            List<Row> idle = at; // every latency trial measured its idle pipeline first
            boolean cs = rows.stream().anyMatch(r -> r.has("vcsw_per_op"));
            List<String> head = new ArrayList<>(List.of("transport/wait", "idle policy", "family", "saturation [interval]", "÷ abq",
                    "p50 @ " + (rate.isEmpty() ? "same rate" : rate), "p99 @ " + (rate.isEmpty() ? "same rate" : rate),
                    "capacity at p99 ≤ " + (budget.isEmpty() ? "budget" : budget), "bytes/event at saturation", "CPU/event at saturation",
                    "idle CPUs"));
            if (cs) {
                head.add("ctx switches/event");
            }
            head.addAll(List.of("flags", "choose it when"));
            Md t = new Md(head.toArray(String[]::new));
            DecisionChoice choice = new DecisionChoice(rows, at, idle, handoff.harness.report.Pilot.of(run));
            for (Row r : rows) {
                Row l = match(at, r);
                Row i = match(idle, r);
                List<String> cells = new ArrayList<>(List.of(r.label(), idlePolicy(r),
                        run.traits.family(r.get("transport")) + (run.traits.get(r.get("transport")).preallocated() ? ", preallocated" : ""),
                        Fmt.withInterval(ThroughputFigure.saturation(r), Fmt::rate) + choice.satMark(r), choice.vsAbqCell(r),
                        l == null ? Fmt.NONE : SameRateLatencyFigure.cell(l, SameRateLatencyFigure.p50(l)),
                        l == null ? Fmt.NONE : SameRateLatencyFigure.cell(l, SameRateLatencyFigure.p99(l)) + choice.p99Mark(r),
                        SameRateLatencyFigure.capacityCell(SameRateLatencyFigure.capacityOf(capacity, r), lat, r),
                        Fmt.sig3(r.num("alloc_bytes_per_event")) + " B", Fmt.time(r.num("cpu_ns_per_event")),
                        i == null ? Fmt.NONE : Fmt.sig3(i.num("idle_cpus"))));
                if (cs) {
                    cells.add(Fmt.sig3(r.num("vcsw_per_op") + r.num("ivcsw_per_op")));
                }
                cells.add((r.flags() + (l == null ? "" : " " + latencyFlags(l)
                        + (l.unstable() && !r.unstable() ? " **p99 unstable**" : ""))).trim());
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
        doc.p("Tests (declared before the run, docs/statistics.md §5–§6): each row against the table's best — multiple "
                + "comparisons with the best, one-sided t on per-round log-ratios (rounds as blocks) at α/(k − 1), family-wise α = "
                + Stats.formatP(Stats.ALPHA) + "; \"best group\" = could be the best (no row shown better), \"not best\" = another row shown better (what MCB guarantees is \"not the best\", not a margin below it), no mark = "
                + "untested or nothing told apart — and saturation against `abq` (÷ abq: the geometric-mean ratio; above/below by the "
                + "two-sided test, Holm over the rows; alike = inside ±" + Stats.formatPercent(Stats.MARGIN) + " by two one-sided tests; "
                + "cannot tell = neither). Bracketed intervals describe spread (median over forks, "
                + "distribution-free interval; its coverage is in the figure tables) and are not the test. Saturation from JMH; latency open loop at "
                + "one absolute rate for all (the middle load: a fraction of the slowest configuration's sustainable open-loop rate), "
                + "steady, unsaturated rows only (a saturated row's latency is shown as buffer-bound and a not-steady one is flagged; "
                + "neither ranks); capacity at the budget = the highest offered rate found, by bisection over short probes, whose p99 "
                + "stayed within it, shown as \"none shown\" with both rates where a full-length latency row at or below it already missed the budget (set it with " + SustainableProbe.BUDGET_ENV + "); "
                + "bytes/event and CPU/event are the saturation trial's (JMH, closed loop, every CPU busy), not at the latency columns' rate (that "
                + "rate's CPU per event is `cpu_ns_per_event` in pipeline-latency.csv); idle CPUs = the trial threads' CPU time ÷ wall "
                + "time with the pipeline started and nothing sent. Queues allocate an event per message; rings reuse preallocated slots. "
                + "Buffering is compared per hop, not in total: a queue pipeline holds up to 3 × `--capacity` events (a queue "
                + "per hop), a ring `--capacity` in all, so under a standing backlog the rings hold a third as much.");
    }

    /** The row's {@code idle_policy}, or for a run before the column what its wait does in its transport now. */
    static String idlePolicy(Row r) {
        String p = r.get("idle_policy");
        return p.isEmpty() ? handoff.harness.results.TransportTraits.idlePolicy(r.get("transport"), r.get("wait")) : p;
    }

    /**
     * The like-for-like pairs at {@code park} and {@code block}, since {@code lmax/park} and {@code lmax/block} run
     * LMAX's own policies: {@code disruptor-noslip} against {@code lmax-ours} (same idle policy, same consumer loop: the
     * ring is the only difference), {@code disruptor} against {@code lmax-ours} (the ring and our temporal slip), and
     * {@code disruptor} against {@code disruptor-noslip} (the slip alone), each with its unpaired test on the forks'
     * throughputs; empty when none was measured.
     */
    static String likeForLike(List<Row> rows) {
        // two rows' saturations side by side with the unpaired test on their forks
        java.util.function.BiFunction<Row, Row, String> pair = (a, b) -> "`" + a.label() + "` "
                + Fmt.withInterval(ThroughputFigure.saturation(a), Fmt::rate) + " vs `" + b.label() + "` "
                + Fmt.withInterval(ThroughputFigure.saturation(b), Fmt::rate) + " (" + TestedClaims.verdict(TestedClaims.compare(a, b,
                "throughput_eps"), "`" + a.label() + "` higher", "`" + b.label() + "` higher") + ")";
        List<String> ring = new ArrayList<>();
        List<String> both = new ArrayList<>();
        List<String> slip = new ArrayList<>();
        for (String w : List.of("park", "block")) {
            Row ours = find(rows, "disruptor", w);
            Row off = find(rows, handoff.queues.adapters.DisruptorTransport.NO_SLIP_ID, w);
            Row theirs = find(rows, handoff.queues.adapters.LmaxTransport.OURS_ID, w);
            if (off != null && theirs != null) {
                ring.add(pair.apply(off, theirs));
            }
            if (ours != null && theirs != null) {
                both.add(pair.apply(ours, theirs));
            }
            if (ours != null && off != null) {
                slip.add(pair.apply(ours, off));
            }
        }
        List<String> out = new ArrayList<>();
        if (!ring.isEmpty()) {
            out.add("Like for like (same idle policy, same consumer loop: the ring is the only difference): " + String.join("; ", ring) + ".");
        }
        if (!both.isEmpty()) {
            out.add("Same idle policy, but the ring and our temporal slip differ (our consumer holds back up to "
                    + handoff.queues.disruptor.Slip.DEFAULT.nanos() + " ns when fewer than " + handoff.queues.disruptor.Slip.MIN_BATCH
                    + " events wait; LMAX's does not): " + String.join("; ", both) + ".");
        }
        if (!slip.isEmpty()) {
            out.add("The slip alone (ours with it on vs off): " + String.join("; ", slip) + ".");
        }
        return out.isEmpty() ? "" : String.join(" ", out) + " The `lmax/park` and `lmax/block` rows run LMAX's own policies "
                + "(see the idle policy column), so they differ from ours in the idle policy as well as the ring.";
    }

    private static Row find(List<Row> rows, String transport, String wait) {
        return rows.stream().filter(r -> r.get("transport").equals(transport) && r.get("wait").equals(wait)).findFirst().orElse(null);
    }

    /** The latency row's own verdicts, as flags: saturated (shown "buffer-bound"), not-steady, overloaded. */
    private static String latencyFlags(Row l) {
        List<String> f = new ArrayList<>();
        if ("true".equals(l.get("saturated"))) {
            f.add("**saturated** (latency " + l.get("saturated_forks") + " forks)");
        }
        if ("not-steady".equals(l.get("steady"))) {
            f.add("**not-steady** (" + l.get("steady_forks") + " steady)");
        }
        if (!SameRateLatencyFigure.overload(l).isEmpty()) {
            f.add("overloaded");
        }
        return String.join(" ", f);
    }

    static Row match(List<Row> rows, Row r) {
        for (Row x : rows) {
            if (x.get("transport").equals(r.get("transport")) && x.get("wait").equals(r.get("wait")) && x.sameRuntime(r)) {
                return x;
            }
        }
        return null;
    }
}
