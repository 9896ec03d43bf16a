package handoff.harness.report;

import handoff.harness.page.TextLine;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The study's questions, declared once before any trial (docs/statistics.md §5): what each suite's report answers,
 * the family each belongs to and the test that decides it. The report's sections, {@code compare} and its regression
 * gate read this one declaration; controls ({@code null}, {@code nanotime}) are never in a family.
 *
 * @param id       a stable name, e.g. {@code pipeline.saturation.best}
 * @param file     the CSV its rows come from
 * @param metric   the column whose per-fork values are tested
 * @param question the question in words
 * @param family   the family and its correction
 * @param headline whether the regression gate tests its rows
 * @param rows     which rows of the file take part (controls never do)
 */
public record Declared(String id, String file, String metric, String question, String family, boolean headline,
                       Predicate<TextLine> rows) {
    /**
     * The study's test, as a run's manifest records it before its first trial ({@code declared.test_id}): a run whose
     * manifest records another test, or none, was measured under another design, and any verdict this code gives on
     * it is exploratory (docs/statistics.md §1). Change the id whenever the test, its level or its minimum forks change.
     */
    public static final String TEST_ID = "log-t-rounds/2";
    /** The test named by {@link #TEST_ID}, in words. */
    public static final String TEST = "t on log per-fork values: paired over rounds as blocks (per-round log-ratios), Welch where "
            + "rounds are not shared; geometric-mean ratio with its t-interval; Holm over each family; alike = inside ±5 % by "
            + "two one-sided tests; no verdict on a side with fewer than 3 forks (docs/statistics.md §3, §5)";
    /** The sides of the ours ÷ LMAX question's rows in disruptor-ratio.csv. */
    public static final String OURS_OVER_LMAX = "disruptor÷lmax";
    /** Top-level manifest key of {@link #record()}. */
    public static final String MANIFEST_KEY = "declared";

    /** What the manifest records of the declaration, before the first trial: the test, its level and every question. */
    public static Map<String, Object> record() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("test_id", TEST_ID);
        m.put("test", TEST);
        m.put("alpha", Stats.ALPHA);
        m.put("min_forks", Stats.MIN_FORKS);
        m.put("margin", Stats.MARGIN);
        List<Object> qs = new ArrayList<>();
        for (Declared q : ALL) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("id", q.id);
            one.put("file", q.file);
            one.put("metric", q.metric);
            one.put("family", q.family);
            one.put("headline", q.headline);
            qs.add(one);
        }
        m.put("questions", qs);
        return m;
    }

    /**
     * Whether ours ÷ LMAX at this topology and wait is the row our consumer's temporal slip was tuned on (1P→1C at
     * yield: versus.SlipSection): marked "tuned here" wherever it is shown; every other topology is held out, the test of the ring.
     */
    public static boolean slipTunedOn(String benchmark, String wait) {
        return "unicast_1p1c".equals(benchmark) && "yield".equals(wait);
    }

    /** Rows that measure the harness, never a transport. */
    public static final Set<String> CONTROLS = Set.of("null", "nanotime");
    /**
     * The decision table's like-for-like controls: LMAX's ring with our idle policy, ours with the slip off. Shown, tested
     * in their own pairs (the like-for-like lines), never in the table's families.
     */
    public static final Set<String> PIPELINE_CONTROLS = Set.of("lmax-ours", "disruptor-noslip");

    private static boolean transport(TextLine r) {
        return !CONTROLS.contains(r.transport());
    }

    private static boolean oneEach(TextLine r) {
        return (r.workers().isEmpty() || r.workers().equals("1")) && !PIPELINE_CONTROLS.contains(r.transport());
    }

    /** Whether a decision-table row takes part in its families (not a like-for-like control). */
    public static boolean inPipelineFamilies(TextLine r) {
        return !PIPELINE_CONTROLS.contains(r.transport());
    }

    public static final List<Declared> ALL = List.of(
            new Declared("pipeline.saturation.best", "pipeline.csv", "throughput_eps",
                    "Which transports carry the most events per second through the three-stage pipeline?",
                    "each row against the table's best (multiple comparisons with the best; one table per P and runtime, one "
                            + "worker per stage): one-sided t on per-round log-ratios at α/(k − 1)", true, Declared::oneEach),
            new Declared("pipeline.saturation.vs-abq", "pipeline.csv", "throughput_eps",
                    "How does each transport compare with the JDK's ArrayBlockingQueue?",
                    "each row against abq (block, else abq at its own wait): two-sided t on per-round log-ratios, Holm over the rows; "
                            + "alike within ±5 % by two one-sided tests", true, Declared::oneEach),
            new Declared("pipeline.p99.best", "pipeline-latency.csv", "p99_ns",
                    "Which transports have the lowest p99 at one offered load for all?",
                    "each steady, unsaturated row against the lowest (multiple comparisons with the best)", false, r -> true),
            new Declared("disruptor.ours-vs-lmax", "disruptor-ratio.csv", "ratio",
                    "Is our Disruptor as fast as LMAX's, topology by topology?",
                    "ours ÷ LMAX per topology: paired t on the per-pair log-ratios, Holm over the topologies judged", false, r -> true),
            new Declared("rtt.vs-baseline", "rtt.csv", "p50_ns",
                    "What does each transport's send path add to a round trip over the SPSC floor?",
                    "each transport against baseline at the same P, burst and wait: two-sided t on per-round log-ratios of per-fork "
                            + "p50s, Holm over the table's rows; controls excluded", true,
                    r -> transport(r) && "1".equals(r.producers())),
            new Declared("rtt.contention", "rtt.csv", "p50_ns",
                    "How does each transport's round trip grow with producers (P = 2, 3 against P = 1)?",
                    "each transport at P against itself at P = 1, per burst: two-sided t, Holm over the table", false,
                    r -> transport(r) && !"1".equals(r.producers())));

    /** The reference of the pipeline's "against abq" family: abq as the JDK documents it (put/take, {@code block}), else any abq row; -1 if none. */
    public static int abqReference(List<TextLine> rows) {
        int any = -1;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).transport().equals("abq")) {
                if (rows.get(i).waitStrategy().equals("block")) {
                    return i;
                }
                any = any < 0 ? i : any;
            }
        }
        return any;
    }

    /**
     * The reference of each row in an RTT table: {@code baseline} at the row's own wait, else baseline at any wait; -1 for
     * baseline itself and for the controls, which are in no family.
     */
    public static int[] baselineReferences(List<TextLine> rows) {
        return baselineReferences(rows, r -> true);
    }

    /** As {@link #baselineReferences(List)}, with -1 also for the rows the run does not judge ({@link Pilot}). */
    public static int[] baselineReferences(List<TextLine> rows, Predicate<TextLine> judged) {
        int[] refs = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            refs[i] = -1;
            TextLine r = rows.get(i);
            if (r.transport().equals("baseline") || !transport(r) || !judged.test(r)) {
                continue;
            }
            for (int j = 0; j < rows.size(); j++) {
                TextLine b = rows.get(j);
                if (b.transport().equals("baseline") && (refs[i] < 0 || b.waitStrategy().equals(r.waitStrategy()))) {
                    refs[i] = j;
                }
            }
        }
        return refs;
    }

    /** Every row's reference: {@code ref}, or -1 for the reference itself, for -1 and for the rows the run does not judge. */
    public static int[] references(List<TextLine> rows, int ref, Predicate<TextLine> judged) {
        int[] refs = new int[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            refs[i] = i == ref || ref < 0 || !judged.test(rows.get(i)) ? -1 : ref;
        }
        return refs;
    }

    /** Whether the regression gate tests this metric of this row: a declared headline question holds it. */
    public static boolean headline(String file, String metric, TextLine r) {
        return ALL.stream().anyMatch(q -> q.headline && q.file.equals(file) && q.metric.equals(metric) && q.rows.test(r));
    }
}
