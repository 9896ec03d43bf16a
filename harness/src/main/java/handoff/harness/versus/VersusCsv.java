package handoff.harness.versus;

import handoff.harness.report.Declared;
import handoff.harness.page.Manifest;
import handoff.harness.report.Pilot;
import handoff.harness.report.VerdictKey;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Cells;
import handoff.harness.results.Column;
import handoff.harness.results.ColumnTable;
import handoff.harness.results.Flag;
import handoff.harness.results.Metric;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Forks;
import handoff.harness.trial.RuntimeCells;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The suite's two files. {@value #SCORES}: one row per benchmark × wait × impl, the median score over that
 * side's forks with its distribution-free interval. {@value #RATIOS}: one row per benchmark × wait, ours ÷ LMAX
 * from the interleaved pairs of forks by the paired t-test on the pairs' log-ratios
 * ({@link Stats#pairedTest}): the geometric-mean ratio with its t-interval, the p, and the p after Holm over
 * the table's judged rows. A row is judged only where its topology's threads fit the CPUs: an oversubscribed
 * row measures the scheduler as much as the rings, and its verdict says so instead of testing it. {@code differs}
 * is true only where the Holm-adjusted p is at most {@link Stats#ALPHA}: the one case in which the report names a
 * winner. A row's two sides are its {@link Bench#sides()}: ours and LMAX, or for the false-sharing control the
 * unpadded and the padded ring ({@code sides}: numerator ÷ denominator); each kind of pair is its own Holm family.
 * A plain row whose trial ran the triple (ours, ours with the slip off, LMAX in rotation: {@link DisruptorSuite#sides})
 * gives three ratio rows from the same rotations: ours ÷ LMAX, ours-slip-off ÷ LMAX (the ring against the ring) and
 * ours ÷ ours-slip-off (the slip's own effect), each paired fork by fork within a rotation.
 *
 * <p>Each file's columns are named in one place, its {@link ColumnTable} ({@link #SCORES_TABLE}, {@link #CONTROL_TABLE},
 * {@link #RATIOS_TABLE}): header, writer, registry schema and its lines in results/README.md come from it. The fold
 * ({@link #fold}) parses each trial once ({@link VersusTrial#read}) into typed rows ({@link ScoreRow},
 * {@link RatioRow}); their cells are text only where a file is written.
 */
public final class VersusCsv {
    public static final String SCORES = "disruptor.csv";
    public static final String RATIOS = "disruptor-ratio.csv";
    /**
     * The false-sharing control's per-side scores ({@code impl} {@code unpadded}, {@code padded}): kept out of
     * {@value #SCORES}, whose readers pair {@code disruptor} with {@code lmax} in every row group.
     */
    public static final String CONTROL_SCORES = "disruptor-falseshare.csv";
    public static final String OURS = "disruptor";
    /** Ours with temporal slipping off ({@code Slip.OFF}): the third side of a plain row's triple. */
    public static final String NO_SLIP = "disruptor-noslip";
    public static final String LMAX = "lmax";
    /** The verdict of a row the run's pilot predicted its pairs would not decide. */
    public static final String NOT_JUDGED_BY_PILOT = "not judged: its pilot runs predict too few pairs to decide it (docs/statistics.md §13)";
    /** The verdict of an oversubscribed row. */
    static final String NOT_JUDGED_OVERSUBSCRIBED = "not judged: more threads than CPUs (the scheduler, not the ring)";

    /**
     * The columns of a side's scores, in file order, with their units, meanings, cells and schema roles: the one place
     * they are named, for {@value #SCORES} and {@value #CONTROL_SCORES} alike.
     */
    private static final List<Column<ScoreRow>> SCORE_COLUMNS = List.of(
            Column.<ScoreRow>of("benchmark", "", "`unicast_1p1c`, `sequencer_3p1c`, `pipeline_1p3c`, `multicast_1p3c` or "
                    + "`diamond_1p3c`, or a 1P→1C variant (issue 31): `unicast_1p1c_batch10`/`unicast_1p1c_batch100`, the "
                    + "producer claiming and publishing 10 or 100 slots per call (`next(n)`, `publish(lo, hi)`) on both rings, "
                    + "and `unicast_1p1c_unpadded`, the false-sharing control, whose two sides (`unpadded`: a minimal "
                    + "single-producer ring whose cursor and consumer sequence share one cache line; `padded`: the same ring, "
                    + "each sequence on lines of its own) are in `disruptor-falseshare.csv`.",
                    r -> text(r.setup().benchmark())).key(),
            Column.<ScoreRow>of("impl", "", "`disruptor` (ours) or `lmax`; in a judged plain row's triple (issue 40) also "
                    + "`disruptor-noslip`, ours with temporal slipping off.", ScoreRow::impl).key(),
            Column.<ScoreRow>of("wait", "", "a wait id, or one with `-likeours` where LMAX ran with our idle policy instead of "
                    + "its namesake strategy.", r -> text(r.setup().policy())).key(),
            measured(Column.of("score", "ops/s", "the median over that side's forks in events per second.",
                    scores(s -> Cells.format(s.score()))),
                    Metric.higher("score", "disruptor score", "ops/s").spread("score_lo", "score_hi").error("score_err")),
            Column.<ScoreRow>of("score_forks", "ops/s", "each of that side's forks' score, `;`-separated in pair order: a pair's "
                    + "ratio is the two sides' values at one place (what the ratio's test reads; `forks.csv` keeps them).",
                    r -> r.scores() == null ? null : Forks.joined(r.scores().perFork())).asOptional(),
            Column.of("score_lo", "ops/s", "with `score_hi`, its distribution-free interval at `interval_level` (0.95 from "
                    + "6 forks up; fewer forks give min..max at the coverage they have).", scores(s -> Cells.format(s.lo()))),
            Column.of("score_hi", "ops/s", "the interval's upper end.", scores(s -> Cells.format(s.hi()))),
            Column.of("interval_level", "", "the coverage of `score_lo..score_hi`.", scores(s -> Cells.format(s.level()))),
            Column.of("score_err", "ops/s", "the larger distance from the median to an end of that interval (not JMH's "
                    + "error, which one fork per JVM does not have).", scores(s -> Cells.format(s.err()))),
            Column.of("score_min", "ops/s", "the lowest fork's score.", scores(s -> Cells.format(s.min()))),
            Column.of("score_max", "ops/s", "the highest fork's score.", scores(s -> Cells.format(s.max()))),
            Column.<ScoreRow>of("unit", "", "JMH's unit of the scores (`ops/s`).", r -> text(r.setup().unit())),
            Column.of("forks", "JVMs", "that side's forks, one JMH fork per JVM.", scores(s -> Integer.toString(s.forks()))),
            Column.of("alloc_bytes_per_op", "bytes", "bytes allocated per event (JMH's `gc.alloc.rate.norm`), median over "
                    + "forks.", scores(s -> Cells.format(s.allocBytesPerOp()))),
            Column.of("cpu_ns_per_op", "ns", "CPU time of the benchmark's producer and consumer threads per event, median "
                    + "over forks.", scores(s -> Cells.format(s.cpuNsPerOp()))),
            Column.<ScoreRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.setup().status().render()),
            Column.<ScoreRow>of("oversubscribed", "", "`threads` > `cpus`.",
                    r -> text(r.setup().oversubscribed())).flag(Flag.OVERSUBSCRIBED),
            Column.of("unstable", "", "the side's fastest fork scored more than 2× its slowest.",
                    scores(s -> Boolean.toString(s.unstable()))).flag(Flag.UNSTABLE),
            Column.of("modes", "", "two centres, `low;high`, where the forks split in two; empty otherwise.",
                    scores(s -> s.modes() == null ? "" : Cells.format(s.modes().low()) + ";" + Cells.format(s.modes().high()))),
            Column.<ScoreRow>of("threads", "threads", "the topology's producer and consumer threads.",
                    r -> text(r.setup().threads())),
            Column.<ScoreRow>of("cpus", "CPUs", "the CPUs the trial ran on.", r -> text(r.setup().cpus())));

    /** {@value #SCORES}: one row per benchmark × wait × impl, and a swept runtime's columns where its rows have them. */
    static final ColumnTable<ScoreRow> SCORES_TABLE = ColumnTable.of(SCORES, SCORE_COLUMNS)
            .plus(RuntimeCells.<ScoreRow>columns(r -> r.setup().runtime()));
    /** {@value #CONTROL_SCORES}: {@value #SCORES}'s columns (no runtime columns), one row per control side × wait. */
    static final ColumnTable<ScoreRow> CONTROL_TABLE = ColumnTable.of(CONTROL_SCORES, SCORE_COLUMNS);

    /** {@value #RATIOS}: every column, in file order, with its unit, meaning, cell and schema role. */
    static final ColumnTable<RatioRow> RATIOS_TABLE = ColumnTable.of(RATIOS, List.of(
            Column.<RatioRow>of("benchmark", "", "as in `disruptor.csv`.", r -> text(r.setup().benchmark())).key(),
            Column.<RatioRow>of("wait", "", "as in `disruptor.csv`.", r -> text(r.setup().policy())).key(),
            // a judged row's triple gives three ratios per benchmark × wait: its sides tell them apart
            Column.<RatioRow>of("sides", "", "the ratio's numerator and denominator: `disruptor÷lmax`; in a judged plain "
                    + "row's triple also `disruptor-noslip÷lmax` (the ring against the ring) and `disruptor÷disruptor-noslip` "
                    + "(the slip's own effect); or `unpadded÷padded` for the false-sharing control. Each `sides` is its own "
                    + "Holm family; the control's verdicts are \"unpadded faster\"/\"padded faster\".", RatioRow::sides).key(),
            measured(Column.of("ratio", "×", "ours ÷ LMAX (or the other sides named) from the interleaved pairs of forks "
                    + "(the pair order alternates): the geometric mean of the pairs' ratios.", tested(c -> Cells.format(c.ratio()))),
                    Metric.higher("ratio", "ours ÷ LMAX", "×").spread("ratio_lo", "ratio_hi")),
            Column.of("ratio_lo", "×", "with `ratio_hi`, its t-interval at `interval_level`.", tested(c -> Cells.format(c.lo()))),
            Column.of("ratio_hi", "×", "the interval's upper end.", tested(c -> Cells.format(c.hi()))),
            Column.of("interval_level", "", "the coverage of `ratio_lo..ratio_hi`.", tested(c -> Cells.format(c.level()))),
            Column.of("pairs", "pairs", "the pairs of forks the ratio is from.", tested(c -> Integer.toString(c.nA()))),
            Column.of("p", "", "the two-sided p of the paired t-test (`test`) on the pairs' log-ratios (docs/statistics.md "
                    + "§4).", tested(c -> Cells.format(c.p()))),
            Column.<RatioRow>of("p_holm", "", "the p after Holm over the table's judged rows of the same `sides`; empty on a "
                    + "row not judged.", r -> r.verdict() == null ? "" : Cells.format(r.verdict().pHolm())),
            Column.of("test", "", "the test, e.g. `paired t on per-round log-ratios`.", tested(Comparison::test)),
            Column.<RatioRow>of("verdict", "", "the outcome in words with its test and level (\"ours faster\", \"LMAX "
                    + "faster\", \"alike: within ±5 %\", or \"cannot tell with these forks\"), or why the row is \"not "
                    + "judged\".", r -> r.verdict() == null ? "" : r.verdict().words()),
            Column.<RatioRow>of("differs", "", "`true` only where `p_holm` ≤ 0.05.",
                    r -> r.verdict() == null ? "" : Boolean.toString(r.verdict().differs())),
            Column.of("bimodal", "", "names each side whose forks split into two modes, with their centres (e.g. `lmax "
                    + "36.83 M / 172.5 M`): the test then compares mixtures, and the row is `unstable`.",
                    ifTested(RatioRow::bimodalText)),
            Column.<RatioRow>of("status", "", "`ok`, or why the row has no numbers (see the column conventions).",
                    r -> r.setup().status().render()),
            Column.<RatioRow>of("oversubscribed", "", "`threads` > `cpus`.",
                    r -> text(r.setup().oversubscribed())).flag(Flag.OVERSUBSCRIBED),
            Column.of("unstable", "", "`bimodal` names a side, or a side's fastest fork scored more than 2× its slowest.",
                    ifTested(r -> Boolean.toString(r.unstable()))).flag(Flag.UNSTABLE)));

    private VersusCsv() {
    }

    /** The files' rows from the suite's trials: {@value #SCORES}'s, {@value #CONTROL_SCORES}'s and {@value #RATIOS}'s. */
    record Folded(List<ScoreRow> scores, List<ScoreRow> controlScores, List<RatioRow> ratios) {
    }

    /**
     * Writes {@value #RATIOS} (and {@value #CONTROL_SCORES} where the false-sharing control ran) into {@code runDir};
     * returns the {@value #SCORES} rows. The run's pilot ({@link Pilot#of}, from its manifest) says which rows are judged.
     */
    static List<ScoreRow> write(List<VersusTrial> trials, Path runDir) {
        Folded f = fold(trials, Pilot.of(Manifest.read(runDir)));
        AtomicFiles.write(runDir.resolve(RATIOS), RATIOS_TABLE.render(f.ratios()));
        if (!f.controlScores().isEmpty()) {
            AtomicFiles.write(runDir.resolve(CONTROL_SCORES), CONTROL_TABLE.render(f.controlScores()));
        }
        return f.scores();
    }

    /**
     * The trials' rows (each parsed once, {@link VersusTrial#read}, in plan order): a score row per side (into
     * {@value #CONTROL_SCORES}'s where the sides are not ours against another) and a ratio row per pair of sides
     * ({@link #pairs}), judged ({@link #judge}).
     */
    static Folded fold(List<VersusTrial> trials, Pilot pilot) {
        List<ScoreRow> scores = new ArrayList<>();
        List<ScoreRow> controlScores = new ArrayList<>();
        List<RatioRow> ratios = new ArrayList<>();
        for (VersusTrial t : trials) {
            boolean ok = t.setup().ok();
            for (String impl : t.sides()) {
                ScoreRow row = new ScoreRow(t.setup(), impl, ok ? scores(t.forks().get(impl)) : null);
                (t.sides().contains(OURS) ? scores : controlScores).add(row);
            }
            for (List<String> pair : pairs(t.sides())) {
                ratios.add(ratio(t, pair));
            }
        }
        List<RatioRow> judged = new ArrayList<>(ratios);
        for (String family : ratios.stream().map(RatioRow::sides).distinct().toList()) {
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < ratios.size(); i++) {
                if (family.equals(ratios.get(i).sides())) {
                    at.add(i);
                }
            }
            List<RatioRow> rows = judge(at.stream().map(ratios::get).toList(),
                    family.equals(Declared.OURS_OVER_LMAX) ? pilot : Pilot.NONE);
            for (int k = 0; k < at.size(); k++) {
                judged.set(at.get(k), rows.get(k));
            }
        }
        return new Folded(scores, controlScores, judged);
    }

    /**
     * The ratios a trial's sides give, numerator first: its one pair, or for the triple (ours, ours-slip-off, LMAX)
     * ours ÷ LMAX, ours-slip-off ÷ LMAX and ours ÷ ours-slip-off.
     */
    static List<List<String>> pairs(List<String> sides) {
        if (sides.size() == 3 && sides.equals(List.of(OURS, NO_SLIP, LMAX))) {
            return List.of(List.of(OURS, LMAX), List.of(NO_SLIP, LMAX), List.of(OURS, NO_SLIP));
        }
        if (sides.size() != 2) {
            throw new IllegalArgumentException("sides " + sides + ": two, or disruptor;disruptor-noslip;lmax");
        }
        return List.of(sides);
    }

    /** One ratio row of a trial: {@code pair.get(0)} ÷ {@code pair.get(1)} over the forks' pairs; not yet judged. */
    private static RatioRow ratio(VersusTrial t, List<String> pair) {
        Map<String, ScoreRow.Modes> bimodal = new LinkedHashMap<>();
        if (!t.setup().ok()) {
            return new RatioRow(t.setup(), pair.get(0), pair.get(1), null, bimodal, false, null);
        }
        double[] a = t.forks().get(pair.get(0)).score();
        double[] b = t.forks().get(pair.get(1)).score();
        Comparison c = Stats.pairedTest(a, b);
        for (String impl : pair) { // each side whose forks split into two modes
            ScoreRow.Modes m = ScoreRow.Modes.of(Stats.modes(t.forks().get(impl).score()));
            if (m != null) {
                bimodal.put(impl, m);
            }
        }
        return new RatioRow(t.setup(), pair.get(0), pair.get(1), c, bimodal, !bimodal.isEmpty() || unstable(a) || unstable(b),
                null);
    }

    /**
     * Holm over the judged rows of one family, whose ratio is the same {@code numerator÷denominator} (ok, not
     * oversubscribed, and where the run's pilot judges them: docs/statistics.md §13): each gets its adjusted p, its
     * verdict in words with the test and level, and {@code differs}. An oversubscribed row, or one the pilot left out,
     * is shown, "not judged", and in no family; a row without a test gets no verdict. Returns the rows in order.
     */
    static List<RatioRow> judge(List<RatioRow> family, Pilot pilot) {
        List<RatioRow> out = new ArrayList<>(family);
        List<Integer> judged = new ArrayList<>();
        for (int i = 0; i < family.size(); i++) {
            RatioRow r = family.get(i);
            if (r.test() == null) {
                continue;
            }
            if (Boolean.TRUE.equals(r.setup().oversubscribed())) {
                out.set(i, r.with(new RatioRow.Verdict(NOT_JUDGED_OVERSUBSCRIBED, Double.NaN, false)));
            } else if (!pilot.judges(VerdictKey.oursVsLmax(r.setup().policy(), r.setup().benchmark()))) {
                out.set(i, r.with(new RatioRow.Verdict(NOT_JUDGED_BY_PILOT, Double.NaN, false)));
            } else {
                judged.add(i);
            }
        }
        double[] p = judged.stream().mapToDouble(i -> family.get(i).test().p()).toArray();
        double[] adjusted = Holm.adjust(p);
        int tested = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        for (int k = 0; k < judged.size(); k++) {
            RatioRow r = family.get(judged.get(k));
            String words = r.test().verdict(adjusted[k], Math.max(1, tested), words(r.numerator()) + " faster",
                    words(r.denominator()) + " faster");
            String modes = r.bimodalText();
            if (!modes.isEmpty()) {
                // a mixture of two modes: the paired test weighs which mode each fork landed in as much as the rings
                words += "; bimodal forks (" + modes + "): the test compares mixtures of two modes";
            }
            double shown = Cells.parse(Cells.format(adjusted[k])); // as the p_holm cell says it
            out.set(judged.get(k), r.with(new RatioRow.Verdict(words, adjusted[k], !Double.isNaN(shown) && shown <= Stats.ALPHA)));
        }
        return out;
    }

    /** A side as a verdict names it. */
    private static String words(String side) {
        return switch (side) {
            case OURS -> "ours";
            case NO_SLIP -> "ours with the slip off";
            case LMAX -> "LMAX";
            default -> side;
        };
    }

    private static boolean unstable(double[] s) {
        return s.length > 1 && Stats.spreadRatio(s) > Forks.UNSTABLE_RATIO;
    }

    /** What a side's forks measured. */
    private static ScoreRow.Scores scores(VersusTrial.SideForks f) {
        double[] s = f.score();
        Stats.Interval iv = Stats.medianInterval(s);
        double min = Arrays.stream(s).min().orElse(Double.NaN);
        double max = Arrays.stream(s).max().orElse(Double.NaN);
        return new ScoreRow.Scores(iv.centre(), iv.lo(), iv.hi(), iv.level(),
                Math.max(iv.centre() - iv.lo(), iv.hi() - iv.centre()), min, max, s.length,
                Stats.median(f.allocBytesPerOp()), Stats.median(f.cpuNsPerOp()),
                s.length > 1 && min > 0 && max / min > Forks.UNSTABLE_RATIO, ScoreRow.Modes.of(Stats.modes(s)), s.clone());
    }

    /** A cell of an ok side's scores; empty on a row without them. */
    private static Function<ScoreRow, String> scores(Function<ScoreRow.Scores, String> cell) {
        return r -> r.scores() == null ? "" : cell.apply(r.scores());
    }

    /** A cell of a tested ratio row; empty on a row without a test. */
    private static Function<RatioRow, String> tested(Function<Comparison, String> cell) {
        return r -> r.test() == null ? "" : cell.apply(r.test());
    }

    /** A cell of a tested ratio row, from the row; empty on a row without a test. */
    private static Function<RatioRow, String> ifTested(Function<RatioRow, String> cell) {
        return r -> r.test() == null ? "" : cell.apply(r);
    }

    /** The same column as the metric {@code m} (whose spread and error columns the plain roles do not carry). */
    private static <R> Column<R> measured(Column<R> c, Metric m) {
        return new Column<>(c.name(), c.unit(), c.meaning(), c.cell(), new Column.Role.Measured(m), c.optional());
    }

    private static String text(Object v) {
        return v == null ? "" : v.toString();
    }
}
