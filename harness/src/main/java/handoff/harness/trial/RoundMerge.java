package handoff.harness.trial;

import handoff.harness.results.TrialProperties;

import handoff.harness.results.Cells;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * For suites whose one trial holds many forks as {@code ;}-separated lists (the disruptor suite's pairs): the
 * further rounds the sweep's adaptive forks add to a configuration ({@link PlannedComparisons#pairedWithin}) are more trials of
 * the same configuration; folded here into one trial result as if one trial had run them all, so the suite's rows
 * see every pair. A configuration with any round not ok is not ok (its first such status), as {@link Forks#status}.
 */
public final class RoundMerge {
    private RoundMerge() {
    }

    /**
     * @param trials finished trials, several per configuration where rounds were added
     * @param listed which properties hold per-fork lists to join (in fork order); the rest come from the first round
     */
    public static List<TrialProperties> merge(List<TrialProperties> trials, Predicate<String> listed) {
        List<TrialProperties> out = new ArrayList<>();
        for (List<TrialProperties> rounds : Forks.group(trials)) {
            if (rounds.size() == 1) {
                out.add(rounds.get(0));
                continue;
            }
            List<TrialProperties> sorted = new ArrayList<>(rounds);
            sorted.sort(Comparator.comparingDouble(t -> Double.isNaN(t.number("fork")) ? 0 : t.number("fork")));
            TrialProperties.Builder merged = sorted.get(0).toBuilder();
            for (TrialProperties r : sorted.subList(1, sorted.size())) {
                r.forEach((k, v) -> {
                    if (listed.test(k)) {
                        String before = merged.containsKey(k) ? merged.get(k) : "";
                        merged.put(k, before.isEmpty() ? v : v.isEmpty() ? before : before + ";" + v);
                    } else {
                        merged.putIfAbsent(k, v);
                    }
                });
            }
            merged.put("status", Forks.status(sorted).render());
            merged.put("rounds", Integer.toString(sorted.size()));
            out.add(merged.build());
        }
        return out;
    }
}
