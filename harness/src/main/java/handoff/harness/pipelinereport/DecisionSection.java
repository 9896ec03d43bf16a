package handoff.harness.pipelinereport;

import handoff.harness.latency.CapacityLine;
import handoff.harness.latency.SustainableProbe;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TestedClaims;
import handoff.harness.page.TextLine;
import handoff.harness.pipeline.PipelineLine;
import handoff.harness.report.Citability;
import handoff.harness.report.Declared;
import handoff.harness.report.HeadlineSection;
import handoff.harness.report.Pilot;
import handoff.harness.results.TransportTraits;
import handoff.harness.stats.Ranking;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The decision table for the three-stage pipeline: per transport × wait (one worker per stage), saturation with
 * its interval, p50/p99 at the rate offered to all, bytes and CPU per event, CPUs burned idle, context switches
 * when measured, flags, and a generated "choose it when". A winner is named only where it differs from every other
 * row by the study's test ({@link Ranking}).
 */
public final class DecisionSection implements Section {
    private static final Prose TEXT = Prose.of("decision");

    @Override
    public void write(Page doc) {
        RunData run = doc.run;
        List<TextLine> all = RunData.eq(run.ok(ThroughputFigure.FILE), "workers", "1");
        if (all.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("title"));
        for (String p : RunData.distinct(all, "producers")) {
            List<TextLine> rows = RunData.sorted(RunData.eq(all, "producers", p), "wait");
            List<TextLine> lat = RunData.eq(SameRateLatencyFigure.common(run), "producers", p);
            String pct = SameRateLatencyFigure.rankingLoad(lat);
            List<TextLine> capacity = SameRateLatencyFigure.capacity(run);
            String budget = capacity.isEmpty() ? "" : NumberText.time(CapacityLine.of(capacity.get(0)).budgetNs());
            List<TextLine> at = RunData.eq(lat, "load_pct", pct);
            String rate = at.isEmpty() ? "" : NumberText.rate(LoadLine.of(at.get(0)).offeredEps());
            List<TextLine> idle = at; // every latency trial measured its idle pipeline first
            boolean cs = rows.stream().anyMatch(r -> !Double.isNaN(PipelineLine.of(r).vcswPerOp()));
            List<String> head = new ArrayList<>(List.of("transport/wait", "idle policy", "family", "saturation [interval]", "÷ abq",
                    "p50 @ " + (rate.isEmpty() ? "same rate" : rate), "p99 @ " + (rate.isEmpty() ? "same rate" : rate),
                    "capacity at p99 ≤ " + (budget.isEmpty() ? "budget" : budget), "bytes/event at saturation", "CPU/event at saturation",
                    "idle CPUs"));
            if (cs) {
                head.add("ctx switches/event");
            }
            head.addAll(List.of("flags", "choose it when"));
            MarkdownTable t = new MarkdownTable(head.toArray(String[]::new));
            DecisionChoice choice = new DecisionChoice(rows, at, idle, Pilot.of(run));
            for (TextLine r : rows) {
                PipelineLine line = PipelineLine.of(r);
                TextLine l = match(at, r);
                TextLine i = match(idle, r);
                List<String> cells = new ArrayList<>(List.of(r.label(), idlePolicy(r),
                        run.traits.family(r.transport()) + (run.traits.get(r.transport()).preallocated() ? ", " + TEXT.get("family.preallocated") : ""),
                        NumberText.withInterval(ThroughputFigure.saturation(r), NumberText::rate) + choice.satMark(r), choice.vsAbqCell(r),
                        l == null ? NumberText.NONE : SameRateLatencyFigure.cell(l, SameRateLatencyFigure.p50(l)),
                        l == null ? NumberText.NONE : SameRateLatencyFigure.cell(l, SameRateLatencyFigure.p99(l)) + choice.p99Mark(r),
                        SameRateLatencyFigure.capacityCell(SameRateLatencyFigure.capacityOf(capacity, r), lat, r),
                        NumberText.sig3(line.allocBytesPerEvent()) + " B", NumberText.time(line.cpuNsPerEvent()),
                        i == null ? NumberText.NONE : NumberText.sig3(LoadLine.of(i).idleCpus())));
                if (cs) {
                    cells.add(NumberText.sig3(line.vcswPerOp() + line.ivcswPerOp()));
                }
                cells.add((r.flags() + (l == null ? "" : " " + latencyFlags(l)
                        + (l.unstable() && !r.unstable() ? " " + TEXT.get("flag.p99-unstable") : ""))).trim());
                cells.add(choice.of(r));
                t.row(cells);
            }
            doc.h3(TEXT.fill("producers").with("producers", p).with("plural", p.equals("1") ? "" : "s").text());
            doc.table(t);
            doc.p(choice.verdict());
            String pairs = likeForLike(rows);
            if (!pairs.isEmpty()) {
                doc.p(pairs);
            }
        }
        doc.p(TEXT.fill("tests").with("design", design(doc.run)).with("alpha", Stats.formatP(Stats.ALPHA))
                .with("budgetEnv", SustainableProbe.BUDGET_ENV).text());
    }

    /** The row's {@code idle_policy}, or for a run before the column what its wait does in its transport now. */
    static String idlePolicy(TextLine r) {
        String p = PipelineLine.of(r).idlePolicy();
        return p.isEmpty() ? TransportTraits.idlePolicy(r.transport(), r.waitStrategy()) : p;
    }

    /**
     * The like-for-like pairs at {@code park} and {@code block}, since {@code lmax/park} and {@code lmax/block} run
     * LMAX's own policies: {@code disruptor-noslip} against {@code lmax-ours} (same idle policy, same consumer loop: the
     * ring is the only difference), {@code disruptor} against {@code lmax-ours} (the ring and our temporal slip), and
     * {@code disruptor} against {@code disruptor-noslip} (the slip alone), each with its unpaired test on the forks'
     * throughputs; empty when none was measured.
     */
    static String likeForLike(List<TextLine> rows) {
        // two rows' saturations side by side with the unpaired test on their forks
        BiFunction<TextLine, TextLine, String> pair = (a, b) -> TEXT.fill("pair").with("a", a.label())
                .with("aRate", NumberText.withInterval(ThroughputFigure.saturation(a), NumberText::rate)).with("b", b.label())
                .with("bRate", NumberText.withInterval(ThroughputFigure.saturation(b), NumberText::rate))
                .with("verdict", TestedClaims.verdict(TestedClaims.compare(a, b, "throughput_eps"),
                        TEXT.fill("pair.higher").with("label", a.label()).text(), TEXT.fill("pair.higher").with("label", b.label()).text()))
                .text();
        List<String> ring = new ArrayList<>();
        List<String> both = new ArrayList<>();
        List<String> slip = new ArrayList<>();
        for (String w : List.of("park", "block")) {
            TextLine ours = find(rows, "disruptor", w);
            TextLine off = find(rows, handoff.queues.adapters.DisruptorTransport.NO_SLIP_ID, w);
            TextLine theirs = find(rows, handoff.queues.adapters.LmaxTransport.OURS_ID, w);
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
            out.add(TEXT.fill("like.ring").with("pairs", String.join("; ", ring)).text());
        }
        if (!both.isEmpty()) {
            out.add(TEXT.fill("like.ring-and-slip").with("slipNs", handoff.queues.disruptor.Slip.DEFAULT.nanos())
                    .with("minBatch", handoff.queues.disruptor.Slip.MIN_BATCH).with("pairs", String.join("; ", both)).text());
        }
        if (!slip.isEmpty()) {
            out.add(TEXT.fill("like.slip").with("pairs", String.join("; ", slip)).text());
        }
        return out.isEmpty() ? "" : String.join(" ", out) + " " + TEXT.get("like.lmax-policies");
    }

    private static TextLine find(List<TextLine> rows, String transport, String wait) {
        return rows.stream().filter(r -> r.transport().equals(transport) && r.waitStrategy().equals(wait)).findFirst().orElse(null);
    }

    /** The latency row's own verdicts, as flags: saturated (shown "buffer-bound"), not-steady, overloaded. */
    private static String latencyFlags(TextLine l) {
        List<String> f = new ArrayList<>();
        LoadLine load = LoadLine.of(l);
        if ("true".equals(load.saturated())) {
            f.add(TEXT.fill("flag.saturated").with("forks", load.saturatedForks()).text());
        }
        if ("not-steady".equals(load.steady())) {
            f.add(TEXT.fill("flag.not-steady").with("forks", load.steadyForks()).text());
        }
        if (!SameRateLatencyFigure.overload(l).isEmpty()) {
            f.add(TEXT.get("flag.overloaded"));
        }
        return String.join(" ", f);
    }

    static TextLine match(List<TextLine> rows, TextLine r) {
        for (TextLine x : rows) {
            if (x.transport().equals(r.transport()) && x.waitStrategy().equals(r.waitStrategy()) && x.sameRuntime(r)) {
                return x;
            }
        }
        return null;
    }

    /** Whether the run's manifest recorded the study's test before its first trial ({@link handoff.harness.report.Citability}). */
    static String design(RunData run) {
        String why = Citability.exploratory(run.manifest);
        return why == null ? TEXT.fill("design.declared").with("testId", "`" + Declared.TEST_ID + "`").text()
                : TEXT.fill("design.exploratory").with("why", why).text();
    }

    /** The reference of the "÷ abq" family in words: which abq it is (put/take, or busy-polling), never "the JDK's default" for spin. */
    static String abqReference(TextLine abq) {
        return TEXT.fill("abq.reference").with("use", HeadlineSection.abqUse(abq)).text();
    }
}
