package handoff.harness.gate;

import handoff.harness.page.Manifest;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.LogT;
import handoff.harness.stats.Stats;
import handoff.harness.stats.TwoBuilds;
import handoff.harness.trial.BuildAxis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The verdict of a run of two builds ({@code ab}, docs/statistics.md §15): every declared headline row the run holds
 * ({@link BuildPair}), judged HEAD against BASE by {@link TwoBuilds}, in Markdown (its words: report/text/ab.md), and
 * the gate's exit code ({@link GateExit}): a regression, or what could not be judged, named.
 */
public final class AbVerdict {
    private static final Prose TEXT = Prose.of("ab");
    /** The manifest's record of the run's two builds and its plan ({@code plan.ab}). */
    public static final String MANIFEST_KEY = "ab";

    private final RunData run;
    private final double threshold;
    private final List<BuildPair> pairs;
    private final List<TwoBuilds.Judged> judged;

    private AbVerdict(RunData run, double threshold) {
        this.run = run;
        this.threshold = threshold;
        this.pairs = BuildPair.of(run);
        this.judged = TwoBuilds.judge(pairs.stream().map(BuildPair::values).toList(), threshold);
    }

    /** The verdict of the run folder at {@code dir}. */
    public static AbVerdict of(Path dir, double threshold) throws IOException {
        return new AbVerdict(RunData.load(dir), threshold);
    }

    public boolean regression() {
        return TwoBuilds.regressed(judged);
    }

    /**
     * What could not be judged, in words: a declared row without the pairs to test it (a build's trials not ok, fewer
     * than two rounds of both), or, where nothing so fails, a run whose rows could not find twice the threshold. Empty
     * where the run judged every row and could have found a regression.
     */
    public List<String> missing() {
        List<String> out = new ArrayList<>();
        int tested = 0;
        for (int i = 0; i < pairs.size(); i++) {
            BuildPair p = pairs.get(i);
            if (p.missing() != null) {
                out.add(TEXT.fill("missing.row").with("row", p.name()).with("why", p.missing()).text());
            } else if (judged.get(i).call() == TwoBuilds.Call.UNTESTED) {
                out.add(TEXT.fill("missing.row").with("row", p.name()).with("why", TEXT.fill("missing.rounds")
                        .with("rounds", judged.get(i).worseWay().nA()).text()).text());
            }
            tested += judged.get(i).tested() ? 1 : 0;
        }
        if (tested == 0) {
            out.add(TEXT.get("missing.none-tested"));
        } else if (out.isEmpty() && !(TwoBuilds.mostSensitive(judged) <= 1 + 2 * threshold)) {
            out.add(TEXT.fill("missing.power").with("twice", NumberText.ratio(1 + 2 * threshold))
                    .with("best", NumberText.ratio(TwoBuilds.mostSensitive(judged))).text());
        }
        return out;
    }

    /** The gate's exit code ({@link GateExit}). */
    public int exit(boolean failOn) {
        return GateExit.of(failOn, regression(), missing().isEmpty());
    }

    /** The rows that regressed, by name. */
    public List<String> regressed() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            if (judged.get(i).call() == TwoBuilds.Call.REGRESSED) {
                out.add(pairs.get(i).name() + " (" + ratioWords(pairs.get(i), judged.get(i).worseWay()) + ")");
            }
        }
        return out;
    }

    /** The whole verdict in Markdown. */
    public String markdown() {
        StringBuilder s = new StringBuilder(TEXT.get("title")).append("\n\n");
        for (String side : List.of(BuildAxis.BASE, BuildAxis.HEAD)) {
            s.append(side(side)).append('\n');
        }
        List<String> order = run.manifest.strings("plan." + MANIFEST_KEY + ".order");
        s.append(TEXT.fill("box").with("machine", run.manifest.machineLine()).with("jvm", run.manifest.jvmLine()).with("run", run.runId)
                .with("rounds", run.manifest.str("plan." + MANIFEST_KEY + ".rounds"))
                .with("headFirst", order.stream().filter(o -> o.startsWith(BuildAxis.HEAD)).count())
                .with("seed", run.manifest.str("plan." + MANIFEST_KEY + ".seed")).text()).append("\n\n");
        s.append(verdict()).append("\n\n").append(power()).append("\n\n");
        MarkdownTable t = new MarkdownTable("row", "BASE", "HEAD", "HEAD ÷ BASE [95 % interval]", "rounds", "verdict", "finds ≥", "flags");
        for (int i = 0; i < pairs.size(); i++) {
            BuildPair p = pairs.get(i);
            TwoBuilds.Judged j = judged.get(i);
            String call = callWords(j.call()) + (j.modes() ? " " + TEXT.fill("call.modes").with("screened", j.screened()).text() : "");
            t.row(p.name(), value(p, p.base()), value(p, p.head()), ratioWords(p, j.worseWay()),
                    j.worseWay().nA() + (j.screened() > 0 ? " (" + j.screened() + " set aside)" : ""), j.call() == TwoBuilds.Call.REGRESSED ? "**" + call + "**" : call,
                    Double.isNaN(j.detectable()) ? "" : NumberText.ratio(j.detectable()), String.join(" ", p.flags()));
        }
        s.append(t).append('\n');
        long tested = judged.stream().filter(TwoBuilds.Judged::tested).count();
        s.append(TEXT.fill("test").with("tested", tested).with("alpha", Stats.formatP(Stats.ALPHA))
                .with("threshold", Gate.percent(threshold)).with("level", Stats.formatLevel(1 - 2 * Stats.ALPHA / Math.max(1, tested))).text())
                .append('\n');
        return s.toString();
    }

    /** One build's line: what was named, the commit built or the jar given, the jar's own build record and its hash. */
    private String side(String side) {
        String at = "plan." + MANIFEST_KEY + "." + side + ".";
        Manifest m = run.manifest;
        String commit = m.str(at + "commit");
        boolean built = !commit.isEmpty() && !Manifest.UNKNOWN.equals(commit);
        String info = String.format(Locale.ROOT, "the jar says: handoff %s, commit %s%s, built %s", m.str(at + "build_info.version"),
                m.str(at + "build_info.commit"), "true".equals(m.str(at + "build_info.dirty")) ? " with uncommitted changes" : "",
                m.str(at + "build_info.built"));
        if (built) {
            return TEXT.fill("side.built").with("side", side.toUpperCase(Locale.ROOT)).with("given", m.str(at + "given"))
                    .with("commit", commit.substring(0, Math.min(7, commit.length()))).with("info", info).with("sha", m.str(at + "sha256")).text();
        }
        return TEXT.fill("side.jar").with("side", side.toUpperCase(Locale.ROOT)).with("given", m.str(at + "given")).with("info", info)
                .with("sha", m.str(at + "sha256")).text();
    }

    private String verdict() {
        if (regression()) {
            return TEXT.fill("verdict.regression").with("count", regressed().size()).with("rows", pairs.size())
                    .with("threshold", Gate.percent(threshold)).with("names", String.join("; ", regressed())).text();
        }
        List<String> missing = missing();
        if (!missing.isEmpty()) {
            return TEXT.fill("verdict.cannot-judge").with("missing", String.join(" ", missing)).text();
        }
        return TEXT.fill("verdict.none").with("threshold", Gate.percent(threshold)).with("tested", count(null))
                .with("alike", count(TwoBuilds.Call.ALIKE)).with("within", count(TwoBuilds.Call.SLOWER) + count(TwoBuilds.Call.FASTER))
                .with("improved", count(TwoBuilds.Call.IMPROVED)).with("cannot", count(TwoBuilds.Call.CANNOT_TELL))
                .with("modes", judged.stream().filter(TwoBuilds.Judged::modes).count()).text();
    }

    private String power() {
        double[] d = judged.stream().mapToDouble(TwoBuilds.Judged::detectable).filter(x -> !Double.isNaN(x)).toArray();
        if (d.length == 0) {
            return TEXT.get("power.none");
        }
        return TEXT.fill("power").with("best", NumberText.ratio(Arrays.stream(d).min().orElseThrow()))
                .with("worst", NumberText.ratio(Arrays.stream(d).max().orElseThrow()))
                .with("able", Arrays.stream(d).filter(x -> x <= 1 + 2 * threshold).count()).with("tested", d.length)
                .with("twice", NumberText.ratio(1 + 2 * threshold)).text();
    }

    /** Rows tested with this call; every row tested where {@code call} is null. */
    private long count(TwoBuilds.Call call) {
        return judged.stream().filter(j -> j.tested() && (call == null || j.call() == call)).count();
    }

    private String callWords(TwoBuilds.Call c) {
        String x = Gate.percent(threshold);
        return switch (c) {
            case REGRESSED -> TEXT.fill("call.regressed").with("threshold", x).text();
            case SLOWER -> TEXT.fill("call.slower").with("threshold", x).text();
            case ALIKE -> TEXT.fill("call.alike").with("threshold", x).text();
            case CANNOT_TELL -> TEXT.get("call.cannot-tell");
            case FASTER -> TEXT.fill("call.faster").with("threshold", x).text();
            case IMPROVED -> TEXT.fill("call.improved").with("threshold", x).text();
            case UNTESTED -> TEXT.get("call.untested");
        };
    }

    /** HEAD ÷ BASE of the metric with its interval, from the worse-way comparison (inverted where higher is better). */
    private static String ratioWords(BuildPair p, Comparison worse) {
        if (Double.isNaN(worse.ratio())) {
            return LogT.refused(worse) ? "refused: pairs spread over 2× (two modes)" : "";
        }
        boolean invert = p.metric().higherIsBetter();
        double r = invert ? 1 / worse.ratio() : worse.ratio();
        double lo = invert ? 1 / worse.hi() : worse.lo();
        double hi = invert ? 1 / worse.lo() : worse.hi();
        return String.format(Locale.ROOT, "%s [%s, %s]", NumberText.ratio(r), NumberText.num(lo), NumberText.num(hi))
                + (TwoBuilds.SIGN_TEST.equals(worse.test()) ? " " + TEXT.fill("median").with("level", Stats.formatLevel(worse.level())).text() : "");
    }

    private static String value(BuildPair p, TextLine r) {
        return r == null ? "" : NumberText.byColumn(p.metric().column(), r.num(p.metric().column()));
    }
}
