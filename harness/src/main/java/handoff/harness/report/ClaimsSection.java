package handoff.harness.report;

import handoff.harness.results.Cells;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The sources' open questions (issue 31), one line each: the claim, this run's evidence and a verdict — agrees,
 * disagrees (by how much), or cannot tell here and why. Each verdict names its test and level; a claim this box
 * cannot test says what it lacks. The ratios set beside published tables are the published comparison's; this
 * section is the claims that are not ratios of one table (the wait ladder, false sharing, more producers, batching).
 */
final class ClaimsSection implements Section {
    static final String AGREE = "agrees";
    static final String CANNOT = "cannot tell here";
    static final String[] LADDER = {"spin", "yield", "park", "block"};

    /** The other box's run: its line stands where this run cannot tell and it can; null for one run. */
    private final RunData beside;

    ClaimsSection() {
        this(null);
    }

    /** Whether lines that cannot tell here leave the table for the full report (the top page's table). */
    private final boolean decidedOnly;

    ClaimsSection(RunData beside) {
        this(beside, false);
    }

    private ClaimsSection(RunData beside, boolean decidedOnly) {
        this.beside = beside;
        this.decidedOnly = decidedOnly;
    }

    /** This section showing only the lines with a verdict; the others are counted and linked. */
    ClaimsSection decidedOnly() {
        return new ClaimsSection(beside, true);
    }

    /** Every claim's line (claim, evidence, verdict), from one run, in a fixed order. */
    static List<String[]> lines(RunData run) throws IOException {
        List<String[]> lines = new ArrayList<>();
        ladder(run, lines);
        falseSharing(run, lines);
        published(run, "E1-500k", "E: Flow is 4.59× slower than the Disruptor at moving 500 k items (1P→1C)", lines);
        published(run, "D1-p50", "D: a blocking pipeline's publish call is 24× slower than a Disruptor's (p50)", lines);
        producers(run, lines);
        batching(run, lines);
        return lines;
    }

    @Override
    public void write(Doc doc) throws IOException {
        RunData run = doc.run;
        List<String[]> lines = lines(run);
        List<String> boxes = new ArrayList<>();
        List<String[]> other = beside == null ? List.of() : lines(beside);
        for (int i = 0; i < lines.size(); i++) {
            boolean theirs = i < other.size() && lines.get(i)[2].startsWith(CANNOT) && (!other.get(i)[2].startsWith(CANNOT)
                    || absent(lines.get(i)[1]) && !absent(other.get(i)[1]));
            if (theirs) {
                lines.set(i, other.get(i));
            }
            boxes.add(Box.of(theirs ? beside : run).cpus());
        }
        if (lines.isEmpty()) {
            return;
        }
        doc.h2("The sources' claims, judged by this run");
        doc.p("Each claim of the study's sources that is not one published table's ratio, with this run's evidence and "
                + "its verdict: **agrees**, **disagrees** (by how much), or **cannot tell here** (and why). The UDP echo "
                + "example's five claims are judged in its own section; every ratio set beside a published table is in "
                + doc.link(PublishedSection.APPENDIX, "the published comparison") + ".");
        if (beside != null) {
            doc.p("Each line is judged on the box named beside its verdict: this report's (" + Box.of(run).label() + ") where its rows "
                    + "can tell, else the other reference box's (" + Box.of(beside).label() + ", run " + beside.runId + ").");
        }
        Md t = new Md("source: claim", "evidence", "verdict", "box");
        int cannot = 0;
        for (int i = 0; i < lines.size(); i++) {
            String[] l = lines.get(i);
            if (decidedOnly && l[2].startsWith(CANNOT)) {
                cannot++;
                continue;
            }
            t.row(l[0], l[1], l[2].replaceFirst("^(agrees|disagrees|cannot tell here)", "**$1**"), boxes.get(i));
        }
        if (!t.isEmpty()) {
            doc.table(t);
        }
        if (cannot > 0) {
            doc.p(cannot + " of " + lines.size() + " claims cannot be told here on either box; each with its reason: "
                    + doc.link("REPORT.md#the-sources-claims-judged-by-this-run", "the full report") + ".");
        }
    }

    /** Evidence that says the run has no rows for the claim (rather than rows that cannot tell). */
    private static boolean absent(String evidence) {
        return evidence.startsWith("no ") || evidence.startsWith("not in this run");
    }

    /** RTT rows that are controls, not transports: no hand-off ({@code null}) or the clock alone ({@code nanotime}). */
    static final List<String> CONTROLS = List.of(handoff.queues.adapters.NullTransport.ID, "nanotime");

    /** D's latency ladder spin < yield < sleep < block, per transport at P = 1, burst 1, with each rung's CPU. */
    static void ladder(RunData run, List<String[]> out) {
        // controls are no evidence (issue 40): `null` has no send path, so its rungs tie by construction
        List<Row> rows = RunData.where(RunData.eq(RunData.eq(run.ok("rtt.csv"), "producers", "1"), "burst", "1"),
                r -> !CONTROLS.contains(r.get("transport")));
        List<String> full = new ArrayList<>();
        int inOrder = 0;
        List<Comparison> tests = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String t : RunData.distinct(rows, "transport")) {
            Row[] rung = new Row[LADDER.length];
            for (int i = 0; i < LADDER.length; i++) {
                List<Row> r = RunData.where(RunData.eq(RunData.eq(rows, "transport", t), "wait", LADDER[i]),
                        x -> x.get("producer_model").isEmpty() || x.get("producer_model").equals("sp"));
                rung[i] = r.isEmpty() ? null : r.get(0);
            }
            if (Arrays.stream(rung).anyMatch(r -> r == null)) {
                continue;
            }
            full.add(t);
            boolean ordered = true;
            for (int i = 1; i < LADDER.length; i++) {
                ordered &= rung[i - 1].num("p50_ns") <= rung[i].num("p50_ns");
            }
            inOrder += ordered ? 1 : 0;
            double[] spin = forks(rung[0], "p50_ns");
            double[] block = forks(rung[3], "p50_ns");
            if (spin != null && block != null) {
                tests.add(Stats.shiftTest(spin, block));
                names.add(t);
            }
        }
        String claim = "D: the wait ladder — latency spin < yield < sleep < block, each rung cheaper in CPU";
        if (full.isEmpty()) {
            out.add(new String[] {claim, "no transport ran all four waits at P = 1, burst 1", CANNOT + ": the ladder runs in quick and full"});
            return;
        }
        double[] adj = Holm.adjust(tests.stream().mapToDouble(Comparison::p).toArray());
        int faster = 0;
        int slower = 0;
        for (int i = 0; i < tests.size(); i++) {
            String v = tests.get(i).verdict(adj[i], tests.size(), "slower", "faster");
            faster += v.startsWith("faster") ? 1 : 0;
            slower += v.startsWith("slower") ? 1 : 0;
        }
        String test = tests.isEmpty() ? "" : "; spin against block per transport: the study's t-test on log per-fork p50s (rounds as blocks), Holm over "
                + tests.size() + ", α = 0.05: spin faster in " + faster + ", slower in " + slower;
        String evidence = "RTT p50 medians in ladder order for " + inOrder + " of " + full.size() + " transports with all four rungs (controls excluded)"
                + test + "; CPU per round trip, median over those transports (controls excluded): " + cpuByRung(rows, full) + " (the ladder figure)";
        String verdict = faster > 0 && slower == 0 && inOrder == full.size() ? AGREE + " (spin < block resolved in " + faster + ")"
                : slower > 0 ? "disagrees: block faster than spin in " + slower
                : CANNOT + ": " + (tests.isEmpty() ? "no per-fork values" : tests.get(0).resolvable(Stats.ALPHA / tests.size())
                ? "no rung pair separated at α = 0.05" : "with " + tests.get(0).nA() + " forks a row no pair can reach α = 0.05 once Holm "
                + "corrects over " + tests.size() + " transports") + "; medians " + (inOrder == full.size() ? "follow" : "do not all follow")
                + " the order";
        out.add(new String[] {claim, evidence, verdict});
    }

    private static String cpuByRung(List<Row> rows, List<String> transports) {
        List<String> out = new ArrayList<>();
        for (String w : LADDER) {
            double[] cpu = RunData.eq(rows, "wait", w).stream().filter(r -> transports.contains(r.get("transport")))
                    .mapToDouble(r -> r.num("cpu_ns_per_op")).filter(d -> !Double.isNaN(d)).toArray();
            out.add(w + " " + (cpu.length == 0 ? Fmt.NONE : Fmt.ns(Stats.median(cpu))));
        }
        return String.join(", ", out);
    }

    /** D's "40-100 ns per access" for an unpadded sequence: the false-sharing control's paired ratio. */
    static void falseSharing(RunData run, List<String[]> out) {
        String claim = "D: an unpadded sequence costs 40–100 ns on every access (false sharing)";
        Row r = run.ok("disruptor-ratio.csv").stream().filter(x -> x.get("benchmark").endsWith("_unpadded")).findFirst().orElse(null);
        if (r == null) {
            out.add(new String[] {claim, "no false-sharing control row in this run", CANNOT + ": the disruptor suite runs it"});
            return;
        }
        List<Row> scores = RunData.eq(run.ok("disruptor-falseshare.csv"), "benchmark", r.get("benchmark"));
        double unpadded = scoreOf(scores, "unpadded");
        double padded = scoreOf(scores, "padded");
        double penaltyNs = 1e9 / unpadded - 1e9 / padded;
        String evidence = "1P→1C, one ring with its two sequences on one line vs padded (the study's Disruptor keeps them "
                + "padded): throughput ratio unpadded ÷ padded " + Fmt.ratio(r.num("ratio")) + " [" + Fmt.ratio(r.num("ratio_lo")) + ", "
                + Fmt.ratio(r.num("ratio_hi")) + "], " + r.get("verdict") + (Double.isNaN(penaltyNs) ? ""
                : "; per event, from each side's median score: unpadded " + Fmt.ns(1e9 / unpadded) + ", padded " + Fmt.ns(1e9 / padded)
                + " (" + Fmt.ns(Math.abs(penaltyNs)) + (penaltyNs >= 0 ? " more" : " less") + " unpadded)");
        boolean differs = r.get("differs").equals("true");
        boolean slower = differs && r.num("ratio") < 1; // the ratio is of throughputs: below 1 = the unpadded ring is slower
        String verdict;
        if (!differs) {
            verdict = CANNOT + ": the paired test does not separate the two layouts here (" + r.get("verdict").replaceAll(" \\(.*", "") + ")";
        } else if (!slower) {
            verdict = "disagrees: the unpadded ring is faster here";
        } else if (penaltyNs >= 40 && penaltyNs <= 100) {
            verdict = AGREE + String.format(Locale.ROOT, " (%.0f ns per event)", penaltyNs);
        } else {
            verdict = "disagrees: " + Fmt.ns(penaltyNs) + " per event, " + (penaltyNs < 40 ? "below" : "above") + " 40–100 ns (one event "
                    + "costs the consumer one access to each shared sequence)";
        }
        out.add(new String[] {claim, evidence, verdict});
    }

    private static double scoreOf(List<Row> scores, String side) {
        return scores.stream().filter(s -> side.equals(s.get("impl"))).mapToDouble(s -> s.num("score")).findFirst().orElse(Double.NaN);
    }

    /** A claim that is one published comparison's line: its ratio of ratios and verdict. */
    static void published(RunData run, String id, String claim, List<String[]> out) throws IOException {
        Published pub = Published.load();
        Published.Comparison c = pub.comparisons.stream().filter(x -> x.id.equals(id)).findFirst().orElse(null);
        if (c == null) {
            return;
        }
        Published.Table t = pub.tables.get(c.table);
        double pr = t == null ? Double.NaN : Fmt.div(Published.number(t.cell(c.pubNum)), Published.number(t.cell(c.pubDen)));
        PublishedSection.Line l = PublishedSection.measure(run, pub, c, pr);
        if (!l.measurable()) {
            out.add(new String[] {claim, l.why(), CANNOT + ": " + l.why()});
            return;
        }
        String flags = Row.flags(l.num(), l.den());
        // the published appendix's verdict, in this table's words (issue 40: the two said different things for D1)
        Agreement g = l.agreement();
        String verdict = switch (g.kind()) {
            case FLAGGED -> CANNOT + ": a side is flagged (" + flags.replace("*", "") + ")";
            case INSIDE -> AGREE + " (" + g.words().replaceFirst("^agrees: ", "") + ")";
            case OUTSIDE -> "disagrees: " + g.words().replaceFirst("^differs: ", "");
            default -> CANNOT + ": " + g.words();
        };
        out.add(new String[] {claim, c.what + ": published " + Fmt.ratio(pr) + ", this run " + Fmt.ratio(l.measured()) + " ("
                + l.num().get("transport") + "/" + l.num().get("wait") + " vs " + l.den().get("transport") + "/" + l.den().get("wait")
                + "), ratio of ratios " + Fmt.ratio(l.ror()), verdict});
    }

    /** A's ABQ p99 from 1.2 µs at P = 1 to 19.7 µs at P = 3; D's 4 publishers into 4/4/2 workers. */
    static void producers(RunData run, List<String[]> out) {
        String claim = "A: ArrayBlockingQueue's p99 RTT grows from 1.2 µs at P = 1 to 19.7 µs at P = 3 (D: 4 publishers, 4/4/2 workers)";
        List<Row> abq = RunData.eq(RunData.eq(run.ok("rtt.csv"), "transport", "abq"), "burst", "1");
        Row p1 = RunData.eq(abq, "producers", "1").stream().findFirst().orElse(null);
        Row p3 = RunData.eq(abq, "producers", "3").stream().findFirst().orElse(null);
        if (p1 == null || p3 == null) {
            String cpus = run.manifest.str("machine.cores");
            out.add(new String[] {claim, "no abq row at P = 3 (" + cpus + " CPUs: quick runs P = 2, 3 and the 4/4/2 shape only where "
                    + "their threads fit)", CANNOT + ": too few CPUs for P = 3 without oversubscription; the full profile runs it"});
            return;
        }
        double growth = p3.num("p99_ns") / p1.num("p99_ns");
        Comparison c = Stats.shiftTest(forks(p3, "p99_ns"), forks(p1, "p99_ns"));
        String v = c.verdict(c.p(), 1, "higher", "lower");
        out.add(new String[] {claim, "abq p99 " + Fmt.ns(p1.num("p99_ns")) + " at P = 1, " + Fmt.ns(p3.num("p99_ns")) + " at P = 3 ("
                + Fmt.ratio(growth) + "; published 16.3×): " + v + p3.marks(),
                v.startsWith("higher") ? AGREE + " in direction (" + Fmt.ratio(growth) + " against 16.3×)" : CANNOT + ": " + v});
    }

    /** The talk's "but… batch methods" and the article's batch section: batch publishing rows, where run. */
    static void batching(RunData run, List<String[]> out) {
        String claim = "A/D: claiming and publishing in batches is the Disruptor's way past per-event costs";
        List<Row> rows = RunData.where(run.ok("disruptor-ratio.csv"), r -> r.get("benchmark").contains("_batch"));
        if (rows.isEmpty()) {
            out.add(new String[] {claim, "no batch-publishing rows in this run", CANNOT + ": batch publishing runs in the full profile "
                    + "(quick keeps its budget for the 1P→1C verdict)"});
            return;
        }
        List<String> seen = new ArrayList<>();
        for (Row r : rows) {
            seen.add(r.get("benchmark") + " ours ÷ LMAX " + Fmt.ratio(r.num("ratio")) + " (" + r.get("verdict") + ")");
        }
        out.add(new String[] {claim, String.join("; ", seen), CANNOT + ": the rows compare the two rings at one batch size; the "
                + "claim (batching beats single publishes) needs the plain row beside each, see the disruptor section"});
    }

    private static double[] forks(Row r, String col) {
        String v = r.get(col + "_forks");
        if (v.isEmpty()) {
            return null;
        }
        return Arrays.stream(v.split(";", -1)).mapToDouble(Cells::parse).toArray();
    }
}
