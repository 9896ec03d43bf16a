package handoff.harness.sweep;

import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import handoff.harness.report.Declared;
import handoff.harness.report.Pilot;
import handoff.harness.report.VerdictKey;
import handoff.harness.stats.Stats;
import handoff.harness.suites.Suites;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The rounds a pilot gives the rows it judges (docs/statistics.md §13), fixed before the first trial from the pilot
 * alone. RTT: each judged row at P = 1 and the baseline it is compared with run {@link Pilot#rttRounds} forks. The
 * pipeline: every row of a decision table (P = 1, one worker per stage) in which the pilot judges a comparison runs
 * {@link Pilot#pipelineRounds} forks — every row, because "each row against the best" is one family over the whole
 * table and a round is a block only where every row ran in it. Fork i is in round i; the rounds beyond the plan's are
 * interleaved across those configurations and placed right after the suite's planned trials, in the suite's tier of
 * quick's plan ({@link Headline}), so that what no longer fits is deferred and named.
 */
final class PilotRounds {
    static final String RTT = "rtt";
    static final String PIPELINE = "pipeline";

    private PilotRounds() {
    }

    /** The plan with the pilot's rounds, and the configurations that have them. */
    record Extended(List<TrialSpec> trials, Set<String> configs) {
    }

    /** The group of quick's plan a suite's extended configurations form (all their rounds), in the suite's headline tier. */
    static Headline.Part part(TrialSpec t) {
        return t.suite().equals(PIPELINE)
                ? new Headline.Part(Headline.Tier.DECISION, 1, "pipeline rows of a table a pilot judges, " + Pilot.PIPELINE_ROUNDS
                        + " rounds (docs/statistics.md §13)")
                : new Headline.Part(Headline.Tier.RTT, 1, "RTT rows a pilot judges and their baselines, " + Pilot.RTT_ROUNDS
                        + " rounds (docs/statistics.md §13)");
    }

    static Extended extend(SweepPlan plan, List<TrialSpec> all, Pilot pilot) {
        if (pilot.none()) {
            return new Extended(all, Set.of());
        }
        Set<String> configs = new LinkedHashSet<>();
        List<TrialSpec> out = extend(plan, all, RTT, pilot.rttRounds(), last -> judgedWithBaselines(last, pilot), configs);
        out = extend(plan, out, PIPELINE, pilot.pipelineRounds(), last -> judgedTables(last, pilot), configs);
        return new Extended(out, configs);
    }

    /** One suite's configurations {@code chosen} picks, to {@code rounds} forks; their keys added to {@code configs}. */
    private static List<TrialSpec> extend(SweepPlan plan, List<TrialSpec> all, String suite, int rounds,
                                          Function<Map<String, TrialSpec>, Set<String>> chosen, Set<String> configs) {
        List<TrialSpec> planned = all.stream().filter(t -> t.suite().equals(suite)).toList();
        if (planned.isEmpty() || rounds <= 0) {
            return all;
        }
        Map<String, TrialSpec> last = new LinkedHashMap<>();
        for (TrialSpec t : planned) {
            last.merge(t.configKey(), t, (a, b) -> a.fork() >= b.fork() ? a : b);
        }
        Set<String> extended = chosen.apply(last);
        PlannedComparisons j = Suites.get(suite).judged(plan, planned);
        List<List<TrialSpec>> perConfig = new ArrayList<>();
        for (String config : extended) {
            TrialSpec t = last.get(config);
            List<TrialSpec> more = new ArrayList<>();
            for (int f = t.fork() + 1; f < rounds; f++) {
                more.add(j.more().apply(t, f));
            }
            if (!more.isEmpty()) {
                perConfig.add(more);
            }
        }
        if (perConfig.isEmpty()) {
            return all;
        }
        List<TrialSpec> out = new ArrayList<>(all);
        int after = out.indexOf(planned.get(planned.size() - 1)) + 1;
        out.addAll(after, Stats.interleave(perConfig));
        configs.addAll(extended);
        return out;
    }

    /** The configurations of judged RTT rows at P = 1 and of the baselines they are compared with, in plan order. */
    private static Set<String> judgedWithBaselines(Map<String, TrialSpec> last, Pilot pilot) {
        Map<String, List<Map.Entry<String, TextLine>>> byBurst = new LinkedHashMap<>();
        last.forEach((config, t) -> {
            if ("1".equals(t.config().get("producers"))) {
                byBurst.computeIfAbsent(t.config().get("burst"), k -> new ArrayList<>()).add(Map.entry(config, new TextLine(RunData.RTT, t.config().asMap())));
            }
        });
        Set<String> chosen = new HashSet<>();
        for (List<Map.Entry<String, TextLine>> table : byBurst.values()) {
            List<TextLine> rows = table.stream().map(Map.Entry::getValue).toList();
            int[] refs = Declared.baselineReferences(rows, r -> pilot.judges(VerdictKey.rtt(r)));
            for (int i = 0; i < rows.size(); i++) {
                if (refs[i] >= 0) {
                    chosen.add(table.get(i).getKey());
                    chosen.add(table.get(refs[i]).getKey());
                }
            }
        }
        Set<String> out = new LinkedHashSet<>(last.keySet());
        out.retainAll(chosen);
        return out;
    }

    /**
     * Every configuration in the families of a decision table (P = 1, one worker per stage, not a variant) in which the
     * pilot judges some comparison, in plan order.
     */
    private static Set<String> judgedTables(Map<String, TrialSpec> last, Pilot pilot) {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        Set<String> judgedTables = new HashSet<>();
        last.forEach((config, t) -> {
            TextLine r = new TextLine(RunData.PIPELINE, t.config().asMap());
            if (!"1".equals(t.config().get("producers")) || !"1".equals(t.config().getOrDefault("workers", "1"))
                    || "true".equals(t.sizing().get("variant")) || !Declared.inPipelineFamilies(r)) {
                return;
            }
            String table = VerdictKey.pipelineTable(r);
            tables.computeIfAbsent(table, k -> new ArrayList<>()).add(config);
            for (String q : List.of(VerdictKey.PIPELINE_BEST, VerdictKey.PIPELINE_VS_ABQ)) {
                String key = VerdictKey.pipeline(q, r);
                if (pilot.judged().contains(key)) {
                    judgedTables.add(table);
                }
            }
        });
        Set<String> out = new LinkedHashSet<>();
        tables.forEach((table, configs) -> {
            if (judgedTables.contains(table)) {
                out.addAll(configs);
            }
        });
        return out;
    }
}
