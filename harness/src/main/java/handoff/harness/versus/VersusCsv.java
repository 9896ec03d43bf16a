package handoff.harness.versus;

import handoff.harness.report.DeclaredVerdicts;
import handoff.harness.report.Manifest;
import handoff.harness.report.Pilot;
import handoff.harness.report.VerdictKey;
import handoff.harness.results.Cells;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.CsvFormat;
import handoff.harness.trial.Forks;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;
import handoff.harness.stats.Verdicts;
import handoff.harness.trial.Status;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
    /** The trial result's list of the sides its forks ran, {@code ;}-separated, where it ran other than its bench's two. */
    static final String SIDES_RUN = "sides_run";
    /**
     * {@code score} is the median over forks, {@code score_lo..score_hi} its interval at {@code interval_level};
     * {@code score_err} is the larger distance from the median to an end of that interval (not JMH's error,
     * which one fork per JVM does not have); {@code modes} the two centres where the forks split in two.
     */
    public static final List<String> SCORE_COLUMNS = List.of("benchmark", "impl", "wait", "score", "score_lo",
            "score_hi", "interval_level", "score_err", "score_min", "score_max", "unit", "forks", "alloc_bytes_per_op",
            "cpu_ns_per_op", "status", "oversubscribed", "unstable", "modes", "threads", "cpus");
    public static final List<String> RATIO_COLUMNS = List.of("benchmark", "wait", "sides", "ratio", "ratio_lo", "ratio_hi",
            "interval_level", "pairs", "p", "p_holm", "test", "verdict", "differs", "bimodal", "status", "oversubscribed", "unstable");
    /** The verdict of a row the run's pilot predicted its pairs would not decide. */
    public static final String NOT_JUDGED_BY_PILOT = "not judged: its pilot runs predict too few pairs to decide it (docs/statistics.md §13)";
    /** Per-fork measures a trial keeps for each side, in pair order, {@code ;}-separated. */
    private static final List<String> PER_FORK = List.of("score", "alloc_bytes_per_op", "cpu_ns_per_op");

    private VersusCsv() {
    }

    /** A trial's result from its forks (each side's in pair order): the lists {@link #write} folds. */
    static Map<String, String> trialResult(Map<String, List<Map<String, String>>> forks) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("status", Status.ok().render());
        out.put(SIDES_RUN, String.join(";", forks.keySet()));
        forks.forEach((impl, list) -> {
            for (String m : PER_FORK) {
                out.put(impl + "_" + m, list.stream().map(f -> f.getOrDefault(m, "")).collect(Collectors.joining(";")));
            }
            out.put("unit", list.get(0).get("unit"));
        });
        return out;
    }

    /**
     * Writes {@value #RATIOS} (and {@value #CONTROL_SCORES} where the false-sharing control ran) into {@code runDir};
     * returns the {@value #SCORES} rows.
     */
    static List<Map<String, String>> write(List<Map<String, String>> trials, Path runDir) {
        List<Map<String, String>> scores = new ArrayList<>();
        List<Map<String, String>> controlScores = new ArrayList<>();
        List<Map<String, String>> ratios = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        Pilot pilot = Pilot.of(Manifest.read(runDir));
        for (Map<String, String> t : trials) {
            boolean ok = Status.ok(t);
            List<String> sides = sides(t);
            for (String impl : sides) {
                Map<String, String> row = seed(t, SCORE_COLUMNS);
                row.put("impl", impl);
                if (ok) {
                    putScores(row, t, impl);
                }
                (sides.contains(OURS) ? scores : controlScores).add(row);
            }
            for (List<String> pair : pairs(sides)) {
                ratios.add(ratio(t, ok, pair, tests));
            }
        }
        for (String family : ratios.stream().map(r -> r.get("sides")).distinct().toList()) {
            List<Map<String, String>> rs = new ArrayList<>();
            List<Comparison> ts = new ArrayList<>();
            for (int i = 0; i < ratios.size(); i++) {
                if (family.equals(ratios.get(i).get("sides"))) {
                    rs.add(ratios.get(i));
                    ts.add(tests.get(i));
                }
            }
            judge(rs, ts, family.split("÷"), family.equals(DeclaredVerdicts.OURS_OVER_LMAX) ? pilot : Pilot.NONE);
        }
        AtomicFiles.write(runDir.resolve(RATIOS), CsvFormat.render(RATIO_COLUMNS, ratios));
        if (!controlScores.isEmpty()) {
            AtomicFiles.write(runDir.resolve(CONTROL_SCORES), CsvFormat.render(SCORE_COLUMNS, controlScores));
        }
        return scores;
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

    /** One ratio row of a trial: {@code pair.get(0)} ÷ {@code pair.get(1)} over the forks' pairs; its test into {@code tests}. */
    private static Map<String, String> ratio(Map<String, String> t, boolean ok, List<String> pair, List<Comparison> tests) {
        Map<String, String> ratio = seed(t, RATIO_COLUMNS);
        ratio.put("sides", pair.get(0) + "÷" + pair.get(1));
        Comparison c = null;
        if (ok) {
            double[] a = values(t, pair.get(0) + "_score");
            double[] b = values(t, pair.get(1) + "_score");
            c = Stats.pairedTest(a, b);
            ratio.put("ratio", Cells.format(c.ratio()));
            ratio.put("ratio_lo", Cells.format(c.lo()));
            ratio.put("ratio_hi", Cells.format(c.hi()));
            ratio.put("interval_level", Cells.format(c.level()));
            ratio.put("pairs", Integer.toString(c.nA()));
            ratio.put("p", Cells.format(c.p()));
            ratio.put("test", c.test());
            ratio.put("bimodal", bimodal(t, pair));
            ratio.put("unstable", Boolean.toString(!ratio.get("bimodal").isEmpty() || unstable(a) || unstable(b)));
        } else {
            ratio.remove("pairs"); // the plan's, not measured
        }
        tests.add(c);
        return ratio;
    }

    /**
     * Holm over the judged rows (ok, not oversubscribed): each gets its adjusted p, its verdict in words with the
     * test and level, and {@code differs}. An oversubscribed row is shown, never judged.
     */
    static void judge(List<Map<String, String>> ratios, List<Comparison> tests) {
        judge(ratios, tests, new String[] {OURS, LMAX}, Pilot.NONE);
    }

    /**
     * As {@link #judge(List, List)}, for one family of rows whose ratio is {@code sides[0]} ÷ {@code sides[1]}; a row the
     * run's pilot left out (docs/statistics.md §13) is shown, "not judged", and in no family.
     */
    static void judge(List<Map<String, String>> ratios, List<Comparison> tests, String[] sides, Pilot pilot) {
        List<Map<String, String>> judged = new ArrayList<>();
        List<Comparison> judgedTests = new ArrayList<>();
        for (int i = 0; i < ratios.size(); i++) {
            Map<String, String> r = ratios.get(i);
            if (tests.get(i) == null) {
                continue;
            }
            if ("true".equals(r.get("oversubscribed"))) {
                r.put("verdict", "not judged: more threads than CPUs (the scheduler, not the ring)");
                r.put("differs", "false");
            } else if (!pilot.judges(VerdictKey.oursVsLmax(r.get("wait"), r.get("benchmark")))) {
                r.put("verdict", NOT_JUDGED_BY_PILOT);
                r.put("differs", "false");
            } else {
                judged.add(r);
                judgedTests.add(tests.get(i));
            }
        }
        Verdicts.put(judged, judgedTests, "verdict", "p_holm", words(sides[0]) + " faster", words(sides[1]) + " faster");
        for (Map<String, String> r : judged) {
            String modes = r.getOrDefault("bimodal", "");
            if (!modes.isEmpty()) {
                // a mixture of two modes: the paired test weighs which mode each fork landed in as much as the rings
                r.put("verdict", r.get("verdict") + "; bimodal forks (" + modes + "): the test compares mixtures of two modes");
            }
        }
        double[] adjusted = judged.stream().mapToDouble(r -> Cells.get(r, "p_holm")).toArray();
        for (int i = 0; i < judged.size(); i++) {
            judged.get(i).put("differs", Boolean.toString(!Double.isNaN(adjusted[i]) && adjusted[i] <= Stats.ALPHA));
        }
    }

    /** Each side whose forks split into two modes ({@link Stats#modes}), e.g. {@code lmax 36.8 M / 173 M}; empty if none. */
    private static String bimodal(Map<String, String> trial, List<String> pair) {
        List<String> out = new ArrayList<>();
        for (String impl : pair) {
            double[] m = Stats.modes(values(trial, impl + "_score"));
            if (m != null) {
                out.add(impl + " " + Cells.format(m[0] / 1e6) + " M / " + Cells.format(m[1] / 1e6) + " M");
            }
        }
        return String.join(", ", out);
    }

    /**
     * The trial's sides: those its forks ran ({@value #SIDES_RUN}), else its bench's two ({@link Bench#sides()}); ours
     * and LMAX for a benchmark id this build does not know.
     */
    static List<String> sides(Map<String, String> trial) {
        String run = trial.getOrDefault(SIDES_RUN, "");
        if (!run.isEmpty()) {
            return List.of(run.split(";"));
        }
        try {
            return Bench.parse(trial.getOrDefault("benchmark", "")).sides();
        } catch (IllegalArgumentException e) {
            return List.of(OURS, LMAX);
        }
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

    private static Map<String, String> seed(Map<String, String> trial, List<String> columns) {
        Map<String, String> row = new LinkedHashMap<>();
        for (String c : columns) {
            if (trial.containsKey(c)) {
                row.put(c, trial.get(c));
            }
        }
        for (String c : handoff.harness.trial.RuntimeAxes.COLUMNS) { // a swept runtime names the row's JDK, collector, thread kind
            if (trial.containsKey(c)) {
                row.putIfAbsent(c, trial.get(c));
            }
        }
        row.put("status", Status.of(trial).render());
        return row;
    }

    private static void putScores(Map<String, String> row, Map<String, String> trial, String impl) {
        double[] s = values(trial, impl + "_score");
        Stats.Interval iv = Stats.medianInterval(s);
        row.put("score", Cells.format(iv.centre()));
        row.put("score_lo", Cells.format(iv.lo()));
        row.put("score_hi", Cells.format(iv.hi()));
        row.put("interval_level", Cells.format(iv.level()));
        row.put("score_err", Cells.format(Math.max(iv.centre() - iv.lo(), iv.hi() - iv.centre())));
        double min = Arrays.stream(s).min().orElse(Double.NaN);
        double max = Arrays.stream(s).max().orElse(Double.NaN);
        row.put("score_min", Cells.format(min));
        row.put("score_max", Cells.format(max));
        row.put("forks", Integer.toString(s.length));
        row.put("alloc_bytes_per_op", Cells.format(Stats.median(values(trial, impl + "_alloc_bytes_per_op"))));
        row.put("cpu_ns_per_op", Cells.format(Stats.median(values(trial, impl + "_cpu_ns_per_op"))));
        row.put("unstable", Boolean.toString(s.length > 1 && min > 0 && max / min > Forks.UNSTABLE_RATIO));
        double[] modes = Stats.modes(s);
        row.put("modes", modes == null ? "" : Cells.format(modes[0]) + ";" + Cells.format(modes[1]));
    }

    private static double[] values(Map<String, String> trial, String key) {
        String v = trial.getOrDefault(key, "");
        return v.isEmpty() ? new double[0]
                : Arrays.stream(v.split(";")).mapToDouble(x -> x.isEmpty() ? Double.NaN : Double.parseDouble(x)).toArray();
    }
}
