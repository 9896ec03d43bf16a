package handoff.harness.report;

import handoff.harness.page.Manifest;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.stats.PredictedPower;
import handoff.harness.stats.Stats;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Which declared comparisons quick judges on a box, fixed before the first trial from earlier runs of a box of the same
 * size (pilots, never the run being judged: docs/statistics.md §13); only a pilot's rows of at least {@link #MIN_FORKS}
 * forks predict, and a run with none serves as no pilot. A comparison of {@link #QUESTIONS} is judged when
 * every pilot that holds it predicts ({@link PredictedPower}) that the planned rounds decide it — different, or alike —
 * with at least {@link #POWER} probability at its family's level; judged RTT rows and their baselines get
 * {@link #RTT_ROUNDS} rounds; where the plan's rounds would decide no pipeline comparison, the pipeline's decision
 * table runs {@link #PIPELINE_ROUNDS} rounds and is judged at those. The others are measured and shown with their forks, "not judged", and are in no family.
 * The level holds: what is judged depends on the pilots alone. Without a pilot ({@code full}, {@code smoke}, {@code
 * --forks}, a box no pilot was named for) every declared comparison is judged, as before.
 *
 * @param runs       the pilot runs' ids
 * @param pipelineRounds the rounds every row of a pipeline decision table with a judged comparison gets
 * @param rttRounds  the rounds judged RTT rows get
 * @param judged     the keys ({@link VerdictKey}) judged; null where there is no pilot
 * @param candidates how many comparisons of {@link #QUESTIONS} the pilots held
 * @param questions  the questions of {@link #QUESTIONS} some pilot held a comparison of: a question none held is judged
 *                   whole, as without a pilot
 */
public record Pilot(List<String> runs, int pipelineRounds, int rttRounds, Set<String> judged, int candidates, Set<String> questions) {
    /** The predicted chance of a decided verdict a comparison needs to be judged. */
    public static final double POWER = 0.975;
    /**
     * Rounds of every row of a pipeline decision table a pilot judges a comparison of, in quick, where the plan's own
     * rounds would decide none of its comparisons (on a box where they do, the plan's rounds stay).
     */
    public static final int PIPELINE_ROUNDS = 6;
    /** Rounds of a judged RTT row and its baseline in quick. */
    public static final int RTT_ROUNDS = 8;
    /** In the results folder: per CPU count, the pilot runs ({@code cpus.2=RUN[,RUN…]}). */
    public static final String FILE = "pilot-runs.properties";
    private static final Prose TEXT = Prose.of("status");
    /** The questions a pilot selects from; the others are always judged. */
    public static final List<String> QUESTIONS = List.of(VerdictKey.PIPELINE_BEST, VerdictKey.PIPELINE_VS_ABQ, VerdictKey.RTT_VS_BASELINE,
            VerdictKey.OURS_VS_LMAX);
    /** The questions a pilot selected from before ours ÷ LMAX joined them: what a manifest without {@code questions} means. */
    private static final Set<String> FIRST_QUESTIONS = Set.of(VerdictKey.PIPELINE_BEST, VerdictKey.PIPELINE_VS_ABQ, VerdictKey.RTT_VS_BASELINE);
    /** Every declared comparison judged. */
    public static final Pilot NONE = new Pilot(List.of(), 0, 0, null, 0, Set.of());

    public Pilot {
        runs = List.copyOf(runs);
        questions = Set.copyOf(questions);
    }

    public boolean none() {
        return judged == null;
    }

    /** Whether the run judges the comparison so named. */
    public boolean judges(String key) {
        return judged == null || !questions.contains(VerdictKey.question(key)) || judged.contains(key);
    }

    /**
     * The fewest forks (or pairs) a pilot's row needs to predict anything: a row of fewer (an interrupted run's, a
     * committed run whose kept files back fewer) has no spread a prediction could rest on, and a run none of whose rows
     * has them serves as no pilot (docs/statistics.md §13).
     */
    public static final int MIN_FORKS = 3;

    /** The pilots named for a box of {@code cpus} CPUs in {@code outDir}'s {@link #FILE}; {@link #NONE} where none is named or found. */
    public static Pilot find(Path outDir, int cpus, int forks) {
        Path f = outDir.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            return NONE;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            return NONE;
        }
        String named = p.getProperty("cpus." + cpus, "").trim();
        List<String> ids = new ArrayList<>();
        List<RunData> runs = new ArrayList<>();
        for (String id : named.isEmpty() ? new String[0] : named.split("\\s*,\\s*")) {
            if (!Files.isRegularFile(outDir.resolve(id).resolve("manifest.json"))) {
                continue; // a pilot that is not there is left out; with none left there is no pilot
            }
            try {
                RunData run = RunData.load(outDir.resolve(id));
                if (serves(run)) { // a run none of whose rows has MIN_FORKS forks predicts nothing
                    runs.add(run);
                    ids.add(id);
                }
            } catch (IOException | RuntimeException e) {
                // a pilot that cannot be read is left out; with none left there is no pilot
            }
        }
        if (runs.isEmpty()) {
            return NONE;
        }
        Pilot planned = select(ids, runs, forks, RTT_ROUNDS);
        return planned.judged().stream().anyMatch(k -> k.startsWith("pipeline.")) || forks >= PIPELINE_ROUNDS ? planned
                : select(ids, runs, PIPELINE_ROUNDS, RTT_ROUNDS);
    }

    /** The comparisons the pilots predict {@code pipelineRounds} rounds (RTT: {@code rttRounds}) decide. */
    public static Pilot select(List<String> ids, List<RunData> runs, int pipelineRounds, int rttRounds) {
        Map<String, Boolean> verdicts = new LinkedHashMap<>();
        for (RunData run : runs) {
            pipeline(run, pipelineRounds, verdicts);
            rtt(run, rttRounds, verdicts);
            oursVsLmax(run, verdicts);
        }
        Set<String> questions = new TreeSet<>();
        verdicts.keySet().forEach(k -> questions.add(VerdictKey.question(k)));
        Set<String> judged = new TreeSet<>();
        verdicts.forEach((k, v) -> {
            if (v) {
                judged.add(k);
            }
        });
        return new Pilot(List.copyOf(ids), pipelineRounds, rttRounds, judged, verdicts.size(), questions);
    }

    /** Whether a run has a row of a pilot's questions with at least {@link #MIN_FORKS} forks (pairs): the only rows that predict. */
    static boolean serves(RunData run) {
        return run.ok(RunData.PIPELINE).stream().anyMatch(r -> forks(r, "throughput_eps") != null)
                || run.ok(RunData.RTT).stream().anyMatch(r -> forks(r, "p50_ns") != null)
                || run.ok(RatioLine.FILE).stream().anyMatch(r -> RatioLine.of(r).pairCount() >= MIN_FORKS);
    }

    /** A row's per-fork values of a column where it has at least {@link #MIN_FORKS}; null otherwise (it predicts nothing). */
    private static double[] forks(TextLine r, String column) {
        double[] f = r.forks(column);
        return f != null && f.length >= MIN_FORKS ? f : null;
    }

    /** A key is judged when every pilot holding it predicts it decided: a later pilot can only take a key out. */
    private static void predict(Map<String, Boolean> out, String key, boolean decided) {
        out.merge(key, decided, Boolean::logicalAnd);
    }

    private static void pipeline(RunData run, int rounds, Map<String, Boolean> out) {
        List<TextLine> all = RunData.where(RunData.eq(run.ok(RunData.PIPELINE), "workers", "1"), Declared::inPipelineFamilies);
        Map<String, List<TextLine>> tables = new LinkedHashMap<>();
        all.forEach(r -> tables.computeIfAbsent(VerdictKey.pipelineTable(r), k -> new ArrayList<>()).add(r));
        for (List<TextLine> rows : tables.values()) {
            List<double[]> f = rows.stream().map(r -> forks(r, "throughput_eps")).toList();
            int ref = Declared.abqReference(rows);
            int[] refs = new int[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                refs[i] = i == ref ? -1 : ref;
            }
            versusReference(rows, f, refs, rounds, r -> VerdictKey.pipeline(VerdictKey.PIPELINE_VS_ABQ, r), out);
            best(rows, f, rounds, out);
        }
    }

    /** Multiple comparisons with the best: a row is judged where the pilot's best is predicted shown above it at α/(k − 1). */
    private static void best(List<TextLine> rows, List<double[]> f, int rounds, Map<String, Boolean> out) {
        int best = -1;
        int k = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (f.get(i) != null && f.get(i).length >= 2) {
                k++;
                if (best < 0 || logMean(f.get(i)) > logMean(f.get(best))) {
                    best = i;
                }
            }
        }
        if (k < 2) {
            return;
        }
        boolean everyOther = true;
        for (int i = 0; i < rows.size(); i++) {
            if (i != best && f.get(i) != null && f.get(i).length >= 2) {
                boolean d = PredictedPower.above(f.get(best), f.get(i), rounds, Stats.ALPHA / (k - 1)) >= POWER;
                everyOther &= d;
                predict(out, VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, rows.get(i)), d);
            }
        }
        predict(out, VerdictKey.pipeline(VerdictKey.PIPELINE_BEST, rows.get(best)), everyOther);
    }

    private static void rtt(RunData run, int rounds, Map<String, Boolean> out) {
        List<TextLine> p1 = RunData.where(run.ok(RunData.RTT), r -> "1".equals(r.producers()));
        for (String burst : RunData.distinct(p1, "burst")) {
            List<TextLine> rows = RunData.eq(p1, "burst", burst);
            versusReference(rows, rows.stream().map(r -> forks(r, "p50_ns")).toList(), Declared.baselineReferences(rows), rounds,
                    VerdictKey::rtt, out);
        }
    }

    /** Each row against its reference: the rows {@link PredictedPower#decidedRows} names judged, the others not. */
    private static void versusReference(List<TextLine> rows, List<double[]> f, int[] refs, int rounds, Function<TextLine, String> key,
                                        Map<String, Boolean> out) {
        Set<Integer> chosen = PredictedPower.decidedRows(f, refs, rounds, POWER);
        for (int i = 0; i < rows.size(); i++) {
            if (refs[i] >= 0 && f.get(i) != null && f.get(refs[i]) != null) {
                predict(out, key.apply(rows.get(i)), chosen.contains(i));
            }
        }
    }

    /**
     * Ours ÷ LMAX per topology and wait (the paired rows of disruptor-ratio.csv a run judges): judged where the pilot's
     * ratio and the spread its interval implies predict its pairs decide it at the family's level (Holm over the rows
     * judged), never where the pilot's forks were bimodal (the test then weighs which mode each fork landed in).
     */
    private static void oursVsLmax(RunData run, Map<String, Boolean> out) {
        List<TextLine> rows = RunData.where(run.ok(RatioLine.FILE), r -> predicts(RatioLine.of(r)) && !r.oversubscribed());
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            candidates.add(i);
        }
        Set<Integer> chosen = PredictedPower.decided(candidates, (i, alpha) -> {
            RatioLine r = RatioLine.of(rows.get(i));
            int pairs = (int) r.pairCount();
            double sd = PredictedPower.sdOfInterval(r.ratioLo(), r.ratioHi(), r.intervalLevel(), pairs);
            return r.bimodal().isEmpty() && PredictedPower.differs(Math.log(r.ratio()), sd, pairs, alpha) >= POWER;
        });
        for (int i = 0; i < rows.size(); i++) {
            predict(out, VerdictKey.oursVsLmax(rows.get(i)), chosen.contains(i));
        }
    }

    /** A line of ours ÷ LMAX (or of a run from before {@code sides}) with a ratio and at least {@link #MIN_FORKS} pairs. */
    private static boolean predicts(RatioLine r) {
        return (r.sides().isEmpty() || r.sides().equals(Declared.OURS_OVER_LMAX)) && r.ratio() > 0 && r.pairCount() >= MIN_FORKS;
    }

    private static double logMean(double[] v) {
        return Arrays.stream(v).filter(x -> x > 0).map(Math::log).average().orElse(Double.NEGATIVE_INFINITY);
    }

    /** The pilot a run was planned with (its manifest's {@code plan_fit.calibration.pilot}); {@link #NONE} where it had none. */
    public static Pilot of(RunData run) {
        return of(run.manifest);
    }

    /** As {@link #of(RunData)}, from the manifest alone: what a suite's fold reads before the run's CSVs exist. */
    public static Pilot of(Manifest manifest) {
        return fromJson(manifest.raw("plan_fit.calibration.pilot"));
    }

    /** The keys of the manifest's {@code plan_fit.calibration.pilot}, each spelled once for {@link Pilot#toJson} and {@link Pilot#fromJson}. */
    private static final class Key {
        static final String RUNS = "runs";
        static final String POWER = "power";
        static final String PIPELINE_ROUNDS = "pipeline_rounds";
        static final String RTT_ROUNDS = "rtt_rounds";
        static final String CANDIDATES = "candidates";
        static final String JUDGED = "judged";
        static final String QUESTIONS = "questions";
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Key.RUNS, runs);
        m.put(Key.POWER, POWER);
        m.put(Key.PIPELINE_ROUNDS, (long) pipelineRounds);
        m.put(Key.RTT_ROUNDS, (long) rttRounds);
        m.put(Key.CANDIDATES, (long) candidates);
        m.put(Key.JUDGED, judged == null ? List.of() : List.copyOf(judged));
        m.put(Key.QUESTIONS, List.copyOf(new TreeSet<>(questions)));
        return m;
    }

    public static Pilot fromJson(Object value) {
        if (!(value instanceof Map<?, ?> m) || !(m.get(Key.JUDGED) instanceof List<?> keys) || !(m.get(Key.RUNS) instanceof List<?> ids)) {
            return NONE;
        }
        Set<String> judged = new TreeSet<>();
        keys.forEach(k -> judged.add(String.valueOf(k)));
        Set<String> questions = new TreeSet<>();
        if (m.get(Key.QUESTIONS) instanceof List<?> qs) {
            qs.forEach(q -> questions.add(String.valueOf(q)));
        } else {
            questions.addAll(FIRST_QUESTIONS);
        }
        return new Pilot(ids.stream().map(String::valueOf).toList(), number(m.get(Key.PIPELINE_ROUNDS)), number(m.get(Key.RTT_ROUNDS)),
                judged, number(m.get(Key.CANDIDATES)), questions);
    }

    private static int number(Object o) {
        return o instanceof Number n ? n.intValue() : 0;
    }

    /** The plan's line on it, e.g. for {@code sweep --dry-run} and the report's status section. */
    public String words() {
        if (none()) {
            return TEXT.fill("pilot.none").with("file", FILE).text();
        }
        String power = String.format(Locale.ROOT, "%.3g", 100 * POWER);
        return runs.size() == 1
                ? TEXT.fill("pilot.one").with("runs", String.join(", ", runs)).with("judged", judged.size()).with("candidates", candidates)
                        .with("power", power).with("pipelineRounds", pipelineRounds).with("rttRounds", rttRounds).text()
                : TEXT.fill("pilot.many").with("runs", String.join(", ", runs)).with("judged", judged.size()).with("candidates", candidates)
                        .with("power", power).with("pipelineRounds", pipelineRounds).with("rttRounds", rttRounds).text();
    }
}
