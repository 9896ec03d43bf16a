package handoff.harness.sweep;

import handoff.harness.report.Declared;
import handoff.harness.report.Pilot;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.VerdictKey;
import handoff.harness.suites.Suites;
import handoff.harness.trial.PlannedComparisons;
import handoff.harness.stats.Stats;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rounds a pilot gives the RTT rows it judges (docs/statistics.md §13): each judged row at P = 1 and the baseline
 * it is compared with run {@link Pilot#rttRounds} forks, fork i in round i, the rounds beyond the plan's interleaved
 * across those configurations and placed right after the suite's planned trials, so that they belong to RTT's group
 * of quick's plan ({@link Headline}) and rounds stay blocks. Fixed before the first trial from the pilot alone.
 */
final class PilotRounds {
    static final String SUITE = "rtt";

    private PilotRounds() {
    }

    /** The plan with the pilot's rounds, and the configurations that have them. */
    record Extended(List<TrialSpec> trials, Set<String> configs) {
    }

    /** The group of quick's plan the extended configurations form (all their rounds): RTT's tier, right after its headline. */
    static final Headline.Part PART = new Headline.Part(Headline.Tier.RTT, 1,
            "RTT rows a pilot judges and their baselines, 8 rounds (docs/statistics.md §13)");

    static Extended extend(SweepPlan plan, List<TrialSpec> all, Pilot pilot) {
        if (pilot.none() || pilot.rttRounds() <= 0) {
            return new Extended(all, Set.of());
        }
        List<TrialSpec> rtt = all.stream().filter(t -> t.suite().equals(SUITE)).toList();
        if (rtt.isEmpty()) {
            return new Extended(all, Set.of());
        }
        Map<String, TrialSpec> last = new LinkedHashMap<>();
        for (TrialSpec t : rtt) {
            last.merge(t.configKey(), t, (a, b) -> a.fork() >= b.fork() ? a : b);
        }
        Set<String> extended = judgedWithBaselines(last, pilot);
        PlannedComparisons j = Suites.get(SUITE).judged(plan, rtt);
        List<List<TrialSpec>> perConfig = new ArrayList<>();
        for (String config : extended) {
            TrialSpec t = last.get(config);
            List<TrialSpec> more = new ArrayList<>();
            for (int f = t.fork() + 1; f < pilot.rttRounds(); f++) {
                more.add(j.more().apply(t, f));
            }
            if (!more.isEmpty()) {
                perConfig.add(more);
            }
        }
        if (perConfig.isEmpty()) {
            return new Extended(all, Set.of());
        }
        List<TrialSpec> out = new ArrayList<>(all);
        int after = out.indexOf(rtt.get(rtt.size() - 1)) + 1;
        out.addAll(after, Stats.interleave(perConfig));
        return new Extended(out, extended);
    }

    /** The configurations of judged RTT rows at P = 1 and of the baselines they are compared with, in plan order. */
    private static Set<String> judgedWithBaselines(Map<String, TrialSpec> last, Pilot pilot) {
        Map<String, List<Map.Entry<String, Row>>> byBurst = new LinkedHashMap<>();
        last.forEach((config, t) -> {
            if ("1".equals(t.config().get("producers"))) {
                byBurst.computeIfAbsent(t.config().get("burst"), k -> new ArrayList<>()).add(Map.entry(config, new Row(RunData.RTT, t.config())));
            }
        });
        Set<String> chosen = new java.util.HashSet<>();
        for (List<Map.Entry<String, Row>> table : byBurst.values()) {
            List<Row> rows = table.stream().map(Map.Entry::getValue).toList();
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
}
