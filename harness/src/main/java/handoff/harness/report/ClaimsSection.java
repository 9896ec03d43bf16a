package handoff.harness.report;

import handoff.harness.page.BoxLabel;
import handoff.harness.page.Lines;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;
import handoff.harness.results.Cells;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
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
    /** Claim A's published growth of abq's p99 from P = 1 to P = 3: 19,680 ns ÷ 1,210 ns (reference/published-results.md, table A). */
    static final double PUBLISHED_GROWTH = 19_680.0 / 1_210;
    /**
     * How far a measured ratio may lie from a published one and still "agree", where the source gives no spread of its
     * own: ×/÷ 2 (docs/statistics.md §3). Beyond it the direction may agree but the size does not.
     */
    static final double BAND = 2;
    private static final Prose TEXT = Prose.of("claims");

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
        published(run, "E1-500k", TEXT.get("claim.flow"), lines);
        published(run, "D1-p50", TEXT.get("claim.blocking"), lines);
        producers(run, lines);
        batching(run, lines);
        return lines;
    }

    @Override
    public void write(Page doc) throws IOException {
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
            boxes.add(BoxLabel.of(theirs ? beside : run).cpus());
        }
        if (lines.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("title"));
        doc.p(TEXT.fill("intro").with("link", doc.link(PublishedSection.APPENDIX, TEXT.get("intro.link"))).text());
        if (beside != null) {
            doc.p(TEXT.fill("beside").with("here", BoxLabel.of(run).label()).with("other", BoxLabel.of(beside).label()).with("run", beside.runId)
                    .text());
        }
        MarkdownTable t = new MarkdownTable("source: claim", "evidence", "verdict", "box");
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
            doc.p(TEXT.fill("cannot-count").with("cannot", cannot).with("all", lines.size())
                    .with("link", doc.link("REPORT.md#the-sources-claims-judged-by-this-run", TEXT.get("cannot-count.link"))).text());
        }
    }

    /** A "cannot tell here" verdict with its reason. */
    private static String cannot(String why) {
        return TEXT.fill("cannot").with("cannot", CANNOT).with("why", why).text();
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
        List<TextLine> rows = RunData.where(RunData.eq(RunData.eq(run.ok("rtt.csv"), "producers", "1"), "burst", "1"),
                r -> !CONTROLS.contains(r.transport()));
        List<String> full = new ArrayList<>();
        int inOrder = 0;
        List<Comparison> tests = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String t : RunData.distinct(rows, "transport")) {
            TextLine[] rung = new TextLine[LADDER.length];
            for (int i = 0; i < LADDER.length; i++) {
                List<TextLine> r = RunData.where(RunData.eq(RunData.eq(rows, "transport", t), "wait", LADDER[i]),
                        x -> x.producerModel().isEmpty() || x.producerModel().equals("sp"));
                rung[i] = r.isEmpty() ? null : r.get(0);
            }
            if (Arrays.stream(rung).anyMatch(r -> r == null)) {
                continue;
            }
            full.add(t);
            boolean ordered = true;
            for (int i = 1; i < LADDER.length; i++) {
                ordered &= RttLadderLine.of(rung[i - 1]).p50Ns() <= RttLadderLine.of(rung[i]).p50Ns();
            }
            inOrder += ordered ? 1 : 0;
            double[] spin = forks(RttLadderLine.of(rung[0]).p50NsForks());
            double[] block = forks(RttLadderLine.of(rung[3]).p50NsForks());
            if (spin != null && block != null) {
                tests.add(Stats.shiftTest(spin, block));
                names.add(t);
            }
        }
        String claim = TEXT.get("claim.ladder");
        if (full.isEmpty()) {
            out.add(new String[] {claim, TEXT.get("ladder.absent"), cannot(TEXT.get("ladder.absent-why"))});
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
        String test = tests.isEmpty() ? "" : TEXT.fill("ladder.test").with("tests", tests.size()).with("faster", faster)
                .with("slower", slower).text();
        String evidence = TEXT.fill("ladder.evidence").with("inOrder", inOrder).with("full", full.size()).with("test", test)
                .with("cpu", cpuByRung(rows, full)).text();
        String verdict = faster > 0 && slower == 0 && inOrder == full.size()
                ? TEXT.fill("ladder.agrees").with("agrees", AGREE).with("faster", faster).text()
                : slower > 0 ? TEXT.fill("ladder.disagrees").with("slower", slower).text()
                : TEXT.fill("ladder.cannot").with("cannot", CANNOT).with("why", tests.isEmpty() ? TEXT.get("ladder.no-forks")
                        : tests.get(0).resolvable(Stats.ALPHA / tests.size()) ? TEXT.get("ladder.not-separated")
                        : TEXT.fill("ladder.too-few-forks").with("forks", tests.get(0).nA()).with("tests", tests.size()).text())
                .with("follow", inOrder == full.size() ? TEXT.get("ladder.follow") : TEXT.get("ladder.not-follow")).text();
        out.add(new String[] {claim, evidence, verdict});
    }

    private static String cpuByRung(List<TextLine> rows, List<String> transports) {
        List<String> out = new ArrayList<>();
        for (String w : LADDER) {
            double[] cpu = RunData.eq(rows, "wait", w).stream().filter(r -> transports.contains(r.transport()))
                    .mapToDouble(r -> RttLadderLine.of(r).cpuNsPerOp()).filter(d -> !Double.isNaN(d)).toArray();
            out.add(w + " " + (cpu.length == 0 ? NumberText.NONE : NumberText.ns(Stats.median(cpu))));
        }
        return String.join(", ", out);
    }

    /** D's "40-100 ns per access" for an unpadded sequence: the false-sharing control's paired ratio. */
    static void falseSharing(RunData run, List<String[]> out) {
        String claim = TEXT.get("claim.false-sharing");
        RatioLine r = RatioLine.LINES.of(run.ok(RatioLine.FILE)).stream().filter(x -> x.benchmark().endsWith("_unpadded")).findFirst()
                .orElse(null);
        if (r == null) {
            out.add(new String[] {claim, TEXT.get("false-sharing.absent"), cannot(TEXT.get("false-sharing.absent-why"))});
            return;
        }
        List<FalseShareScore> scores = FalseShareScore.LINES.of(RunData.eq(run.ok(FalseShareScore.LINES.file()), "benchmark", r.benchmark()));
        double unpadded = scoreOf(scores, "unpadded");
        double padded = scoreOf(scores, "padded");
        double penaltyNs = 1e9 / unpadded - 1e9 / padded;
        String perEvent = Double.isNaN(penaltyNs) ? ""
                : penaltyNs >= 0 ? TEXT.fill("false-sharing.per-event-more").with("unpadded", NumberText.ns(1e9 / unpadded))
                        .with("padded", NumberText.ns(1e9 / padded)).with("penalty", NumberText.ns(Math.abs(penaltyNs))).text()
                : TEXT.fill("false-sharing.per-event-less").with("unpadded", NumberText.ns(1e9 / unpadded))
                        .with("padded", NumberText.ns(1e9 / padded)).with("penalty", NumberText.ns(Math.abs(penaltyNs))).text();
        String evidence = TEXT.fill("false-sharing.evidence").with("ratio", NumberText.ratio(r.ratio())).with("lo", NumberText.ratio(r.ratioLo()))
                .with("hi", NumberText.ratio(r.ratioHi())).with("verdict", r.verdict()).with("perEvent", perEvent).text();
        boolean differs = r.differs().equals("true");
        boolean slower = differs && r.ratio() < 1; // the ratio is of throughputs: below 1 = the unpadded ring is slower
        String verdict;
        if (!differs) {
            verdict = TEXT.fill("false-sharing.not-separated").with("cannot", CANNOT).with("verdict", r.verdict().replaceAll(" \\(.*", ""))
                    .text();
        } else if (!slower) {
            verdict = TEXT.get("false-sharing.faster");
        } else if (penaltyNs >= 40 && penaltyNs <= 100) {
            verdict = TEXT.fill("false-sharing.agrees").with("agrees", AGREE).with("penalty", String.format(Locale.ROOT, "%.0f", penaltyNs))
                    .text();
        } else {
            verdict = TEXT.fill("false-sharing.outside").with("penalty", NumberText.ns(penaltyNs))
                    .with("side", penaltyNs < 40 ? TEXT.get("false-sharing.below") : TEXT.get("false-sharing.above")).text();
        }
        out.add(new String[] {claim, evidence, verdict});
    }

    private static double scoreOf(List<FalseShareScore> scores, String side) {
        return scores.stream().filter(s -> side.equals(s.impl())).mapToDouble(FalseShareScore::score).findFirst().orElse(Double.NaN);
    }

    /** A line of {@code disruptor-falseshare.csv} as the false-sharing claim reads it: which side ({@code impl}) and its score. */
    private record FalseShareScore(String impl, double score) {
        static final Lines<FalseShareScore> LINES = Lines.of(MethodHandles.lookup(), "disruptor-falseshare.csv",
                FalseShareScore.class, "impl", "score");
    }

    /** A claim that is one published comparison's line: its ratio of ratios and verdict. */
    static void published(RunData run, String id, String claim, List<String[]> out) throws IOException {
        Published pub = Published.load();
        Published.Comparison c = pub.comparisons.stream().filter(x -> x.id.equals(id)).findFirst().orElse(null);
        if (c == null) {
            return;
        }
        Published.Table t = pub.tables.get(c.table);
        double pr = t == null ? Double.NaN : NumberText.div(Published.number(t.cell(c.pubNum)), Published.number(t.cell(c.pubDen)));
        PublishedSection.Line l = PublishedSection.measure(run, pub, c, pr);
        if (!l.measurable()) {
            out.add(new String[] {claim, l.why(), cannot(l.why())});
            return;
        }
        String flags = TextLine.flags(l.num(), l.den());
        // the published appendix's verdict, in this table's words (issue 40: the two said different things for D1)
        Agreement g = l.agreement();
        String verdict = switch (g.kind()) {
            case FLAGGED -> TEXT.fill("published.flagged").with("cannot", CANNOT).with("flags", flags.replace("*", "")).text();
            case INSIDE -> TEXT.fill("published.inside").with("agrees", AGREE).with("words", g.words().replaceFirst("^agrees: ", "")).text();
            case OUTSIDE -> TEXT.fill("published.outside").with("words", g.words().replaceFirst("^differs: ", "")).text();
            default -> cannot(g.words());
        };
        out.add(new String[] {claim, TEXT.fill("published.evidence").with("what", c.what).with("published", NumberText.ratio(pr))
                .with("measured", NumberText.ratio(l.measured())).with("numTransport", l.num().transport()).with("numWait", l.num().waitStrategy())
                .with("denTransport", l.den().transport()).with("denWait", l.den().waitStrategy()).with("ror", NumberText.ratio(l.ror())).text(),
                verdict});
    }

    /** A's ABQ p99 from 1.2 µs at P = 1 to 19.7 µs at P = 3; D's 4 publishers into 4/4/2 workers. */
    static void producers(RunData run, List<String[]> out) {
        String claim = TEXT.get("claim.producers");
        List<TextLine> abq = RunData.eq(RunData.eq(run.ok("rtt.csv"), "transport", "abq"), "burst", "1");
        TextLine p1 = RunData.eq(abq, "producers", "1").stream().findFirst().orElse(null);
        TextLine p3 = RunData.eq(abq, "producers", "3").stream().findFirst().orElse(null);
        if (p1 == null || p3 == null) {
            String cpus = run.manifest.str("machine.cores");
            out.add(new String[] {claim, TEXT.fill("producers.absent").with("cpus", cpus).text(), cannot(TEXT.get("producers.absent-why"))});
            return;
        }
        Comparison c = Stats.shiftTest(forks(RttLadderLine.of(p3).p99NsForks()), forks(RttLadderLine.of(p1).p99NsForks()));
        double growth = c.ratio();
        String v = c.verdict(c.p(), 1, "higher", "lower");
        double ror = growth / PUBLISHED_GROWTH;
        String published = NumberText.ratio(PUBLISHED_GROWTH);
        String verdict = !v.startsWith("higher") ? cannot(v)
                : ror >= 1 / BAND && ror <= BAND ? TEXT.fill("producers.agrees").with("agrees", AGREE).with("growth", NumberText.ratio(growth))
                        .with("published", published).with("ror", NumberText.ratio(ror)).with("band", NumberText.num(BAND)).text()
                : TEXT.fill("producers.size-differs").with("growth", NumberText.ratio(growth)).with("published", published)
                        .with("ror", NumberText.ratio(ror)).with("band", NumberText.num(BAND)).text();
        out.add(new String[] {claim, TEXT.fill("producers.evidence").with("p1", NumberText.ns(RttLadderLine.of(p1).p99Ns())).with("p3", NumberText.ns(RttLadderLine.of(p3).p99Ns()))
                .with("growth", NumberText.ratio(growth)).with("interval", " " + (Double.isNaN(c.level()) ? TEXT.get("producers.no-interval")
                        : TEXT.fill("producers.interval").with("lo", NumberText.ratio(c.lo())).with("hi", NumberText.ratio(c.hi()))
                        .with("level", Stats.formatLevel(c.level())).text())).with("published", published).with("verdict", v).with("marks", p3.marks()).text(),
                verdict});
    }

    /** The talk's "but… batch methods" and the article's batch section: batch publishing rows, where run. */
    static void batching(RunData run, List<String[]> out) {
        String claim = TEXT.get("claim.batching");
        List<RatioLine> rows = RatioLine.LINES.of(run.ok(RatioLine.FILE)).stream().filter(r -> r.benchmark().contains("_batch")).toList();
        if (rows.isEmpty()) {
            out.add(new String[] {claim, TEXT.get("batching.absent"), cannot(TEXT.get("batching.absent-why"))});
            return;
        }
        List<String> seen = new ArrayList<>();
        for (RatioLine r : rows) {
            seen.add(TEXT.fill("batching.row").with("benchmark", r.benchmark()).with("ratio", NumberText.ratio(r.ratio()))
                    .with("verdict", r.verdict()).text());
        }
        out.add(new String[] {claim, String.join("; ", seen), cannot(TEXT.get("batching.why"))});
    }

    /** A {@code <col>_forks} cell's values, fork order, each as {@link Cells#parse} reads it; null for an empty cell. */
    private static double[] forks(String v) {
        if (v.isEmpty()) {
            return null;
        }
        return Arrays.stream(v.split(";", -1)).mapToDouble(Cells::parse).toArray();
    }

    /** A line of {@code rtt.csv} as the ladder and producers claims read it: p50, p99 and their per-fork cells, and the CPU per op. */
    private record RttLadderLine(double p50Ns, String p50NsForks, double p99Ns, String p99NsForks, double cpuNsPerOp) {
        static final Lines<RttLadderLine> LINES = Lines.of(MethodHandles.lookup(), RunData.RTT, RttLadderLine.class,
                "p50_ns", "p50_ns_forks", "p99_ns", "p99_ns_forks", "cpu_ns_per_op");

        static RttLadderLine of(TextLine r) {
            return LINES.of(r);
        }
    }
}
