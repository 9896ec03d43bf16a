package handoff.harness.trial;

import handoff.harness.results.Cells;
import handoff.harness.results.TrialProperties;
import handoff.harness.stats.ForkPlanner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The comparisons a suite draws its verdicts from, in the form the sweep's further rounds need them (planned before the first trial, never from results): which sides
 * are compared (each family a table whose tests are corrected together), how a side's per-fork values are read from
 * finished trials, which configuration (trial key stem) a side's forks come from, and the trial that gives a
 * configuration one more round of forks. The sweep reads {@code values} for no decision. A suite returns one from {@link Suite#judged}; {@link #NONE} where its
 * forks are fixed.
 *
 * @param families  per table, its planned comparisons ({@link ForkPlanner.Pair}; sides named by key)
 * @param values    per side, its per-fork values in the finished trials given (ok trials only, fork order)
 * @param configOf  the configuration key ({@link TrialSpec#configKey}) whose trials hold a side's forks
 * @param more      from the configuration's last planned trial and a fork number, the trial of that further round
 */
public record PlannedComparisons(List<List<ForkPlanner.Pair>> families, Function<List<TrialProperties>, Map<String, double[]>> values,
                     Function<String, String> configOf, BiFunction<TrialSpec, Integer, TrialSpec> more) {
    /** Nothing judged from forks: the sweep runs the plan's forks and no more. */
    public static final PlannedComparisons NONE = new PlannedComparisons(List.of(), t -> Map.of(), s -> s, (t, f) -> t);

    public boolean none() {
        return families.stream().allMatch(List::isEmpty);
    }

    /**
     * Suites with one fork per trial (each configuration's forks separate trials): every pair of configurations in
     * the same table, unpaired; a side is a configuration, its values the metric of its ok trials; one more fork is
     * the configuration's trial with the next fork number.
     *
     * @param planned every planned trial of the suite (its forks included), runtimes expanded
     * @param table   the table a configuration ranks in (configurations of different tables are never compared); null:
     *                not judged
     * @param metric  a fork's value from its trial's result (e.g. its score, a percentile of its histogram)
     */
    public static PlannedComparisons allPairs(List<TrialSpec> planned, Function<TrialSpec, String> table,
                                  ToDoubleFunction<TrialProperties> metric) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        for (TrialSpec t : planned) {
            if (table.apply(t) == null) {
                continue;
            }
            List<String> keys = tables.computeIfAbsent(table.apply(t), k -> new ArrayList<>());
            if (!keys.contains(t.configKey())) {
                keys.add(t.configKey());
            }
        }
        List<List<ForkPlanner.Pair>> families = new ArrayList<>();
        for (List<String> keys : tables.values()) {
            List<ForkPlanner.Pair> pairs = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                for (int j = i + 1; j < keys.size(); j++) {
                    pairs.add(new ForkPlanner.Pair(keys.get(i), keys.get(j), false));
                }
            }
            families.add(pairs);
        }
        return new PlannedComparisons(families, trials -> {
            Map<String, double[]> out = new LinkedHashMap<>();
            for (TrialProperties t : byFork(trials)) {
                double v = Status.ok(t) ? metric.applyAsDouble(t) : Double.NaN;
                if (!Double.isNaN(v)) {
                    out.merge(t.get(Forks.CONFIG_KEY), new double[] {v}, PlannedComparisons::concat);
                }
            }
            return withoutBroken(out, trials, side -> side);
        }, side -> side, PlannedComparisons::nextFork);
    }

    /**
     * Suites whose trial runs both sides' forks interleaved in pairs (the disruptor suite): per configuration one
     * paired comparison of side {@code a} against side {@code b}; a side's values are those of the configuration's ok
     * trials, joined in fork order (unknown ones left out).
     *
     * @param judged the configurations whose comparison is judged (one trial each in the plan)
     * @param values a side's per-fork values in one trial's result
     * @param more   the trial of one further round of pairs
     */
    public static PlannedComparisons pairedWithin(List<TrialSpec> judged, String a, String b,
                                      BiFunction<TrialProperties, String, double[]> values,
                                      BiFunction<TrialSpec, Integer, TrialSpec> more) {
        List<ForkPlanner.Pair> pairs = new ArrayList<>();
        for (TrialSpec t : judged) {
            String key = t.configKey();
            if (pairs.stream().noneMatch(p -> p.a().equals(side(key, a)))) {
                pairs.add(new ForkPlanner.Pair(side(key, a), side(key, b), true));
            }
        }
        return new PlannedComparisons(pairs.isEmpty() ? List.of() : List.of(pairs), trials -> {
            Map<String, double[]> out = new LinkedHashMap<>();
            for (TrialProperties t : byFork(trials)) {
                if (Status.ok(t)) {
                    for (String s : List.of(a, b)) {
                        out.merge(side(t.get(Forks.CONFIG_KEY), s), known(values.apply(t, s)), PlannedComparisons::concat);
                    }
                }
            }
            return withoutBroken(out, trials, side -> side.substring(0, side.lastIndexOf(SIDE)));
        }, side -> side.substring(0, side.lastIndexOf(SIDE)), more);
    }

    /** Separates a configuration key from a side's name in {@link #pairedWithin}'s side keys. */
    public static final String SIDE = "|";

    static String side(String configKey, String side) {
        return configKey + SIDE + side;
    }

    /** The same configuration as the next fork: the trial's sizing with its fork number replaced. */
    public static TrialSpec nextFork(TrialSpec last, int fork) {
        return last.withSizing("fork", Integer.toString(fork));
    }

    /** Without the sides of a configuration any of whose trials is not ok: its row has no numbers ({@link Forks#status}). */
    private static Map<String, double[]> withoutBroken(Map<String, double[]> values, List<TrialProperties> trials,
                                                      Function<String, String> configOf) {
        Set<String> broken = new HashSet<>();
        for (TrialProperties t : trials) {
            if (!Status.ok(t)) {
                broken.add(t.get(Forks.CONFIG_KEY));
            }
        }
        values.keySet().removeIf(side -> broken.contains(configOf.apply(side)));
        return values;
    }

    private static List<TrialProperties> byFork(List<TrialProperties> trials) {
        List<TrialProperties> sorted = new ArrayList<>(trials);
        sorted.sort(Comparator.comparingDouble(t -> {
            double f = t.number("fork");
            return Double.isNaN(f) ? 0 : f;
        }));
        return sorted;
    }

    private static double[] known(double[] values) {
        return Arrays.stream(values).filter(x -> !Double.isNaN(x)).toArray();
    }

    private static double[] concat(double[] x, double[] y) {
        double[] out = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }
}
