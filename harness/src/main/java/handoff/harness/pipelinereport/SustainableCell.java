package handoff.harness.pipelinereport;

import handoff.harness.report.Fmt;
import handoff.harness.report.Row;

import java.util.List;

/**
 * How the report states a configuration's sustainable open-loop rate (issue 40). The search's answer is always one
 * of its grid rates (50 k/s doubled, then bisected in log space), so several configurations can read the same
 * figure because they share a bracket, not a capacity: the cell gives the bracket, from the last rate that kept up
 * to the lowest that fell behind, and flags an answer at or above the generator's own ceiling ({@code generator_eps},
 * {@code latency.GeneratorCeiling}) as the generator's limit, not the transport's.
 */
final class SustainableCell {
    private SustainableCell() {
    }

    /** The lowest probed rate above the answer that fell behind, NaN when none (the search hit its top). */
    static double failedAbove(Row cap) {
        double found = cap.num("sustainable_eps");
        double hi = Double.NaN;
        for (String p : cap.get("probe_log").split(" ")) {
            String[] f = p.split(":");
            if (f.length >= 2 && "fell-behind".equals(f[1])) {
                double rate = Double.parseDouble(f[0]);
                if (rate > found && !(hi <= rate)) {
                    hi = rate;
                }
            }
        }
        return hi;
    }

    /** Whether the answer is at or above the generator's ceiling: the generator, not the transport, was the limit. */
    static boolean generatorLimited(Row cap) {
        return cap.has("generator_eps") && cap.num("sustainable_eps") >= cap.num("generator_eps");
    }

    /** E.g. {@code 168–200 k/s (search bracket)}, {@code ≥ 2.00 M/s: generator-limited (its ceiling 2.00 M/s)}. */
    static String cell(Row cap) {
        if (cap == null || !cap.has("sustainable_eps")) {
            return Fmt.NONE;
        }
        double found = cap.num("sustainable_eps");
        if (generatorLimited(cap)) {
            return "≥ " + Fmt.rate(found) + ": generator-limited (its ceiling " + Fmt.rate(cap.num("generator_eps")) + ")";
        }
        double hi = failedAbove(cap);
        return Double.isNaN(hi) ? "≥ " + Fmt.rate(found) + " (search top)" : Fmt.rate(found) + "–" + Fmt.rate(hi) + " (search bracket)";
    }

    /**
     * The sentence on the generator for the latency section: its ceiling (lowest over configurations), or that this
     * run did not measure it, and how many sustainable rates share one grid point.
     */
    static String note(List<Row> capacity) {
        List<Row> ok = capacity.stream().filter(c -> c.has("sustainable_eps")).toList();
        if (ok.isEmpty()) {
            return "";
        }
        double ceiling = ok.stream().filter(c -> c.has("generator_eps")).mapToDouble(c -> c.num("generator_eps")).min().orElse(Double.NaN);
        long limited = ok.stream().filter(SustainableCell::generatorLimited).count();
        String gen = Double.isNaN(ceiling)
                ? "The open-loop generator's own ceiling was not measured in this run (runs before issue 40): a sustainable rate may be the generator's limit. "
                : "The open-loop generator alone (its producers and pacer publishing into a sink, no hand-off) kept up to " + Fmt.rate(ceiling)
                + " (lowest over configurations; the doubling stopped at the next rate)" + (limited > 0 ? "; " + limited + " of " + ok.size()
                + " sustainable rates reach it and are marked generator-limited, not the transport's" : "") + ". ";
        double mode = ok.stream().mapToDouble(c -> c.num("sustainable_eps")).boxed()
                .max((a, b) -> Long.compare(ok.stream().filter(c -> c.num("sustainable_eps") == a).count(),
                        ok.stream().filter(c -> c.num("sustainable_eps") == b).count())).orElse(Double.NaN);
        long same = ok.stream().filter(c -> c.num("sustainable_eps") == mode).count();
        return gen + "A sustainable rate is one of the search's grid rates, so it is given as its bracket (last rate kept up – lowest "
                + "rate that fell behind), a lower estimate, not a capacity" + (same > 1 ? "; " + same + " of " + ok.size()
                + " configurations share the grid point " + Fmt.rate(mode) : "") + ".";
    }
}
