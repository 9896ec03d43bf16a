package handoff.harness.pipelinereport;

import handoff.harness.latency.CapacityLine;
import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.harness.page.TextLine;

import java.util.List;

/**
 * How the report states a configuration's sustainable open-loop rate (issue 40). The search's answer is always one
 * of its grid rates (50 k/s doubled, then bisected in log space), so several configurations can read the same
 * figure because they share a bracket, not a capacity: the cell gives the bracket, from the last rate that kept up
 * to the lowest that fell behind, and flags an answer at or above the generator's own ceiling ({@code generator_eps},
 * {@code latency.GeneratorCeiling}) as the generator's limit, not the transport's.
 */
final class SustainableCell {
    private static final Prose TEXT = Prose.of("pipeline-figures");

    private SustainableCell() {
    }

    /** The lowest probed rate above the answer that fell behind, NaN when none (the search hit its top). */
    static double failedAbove(TextLine row) {
        CapacityLine cap = CapacityLine.of(row);
        double found = cap.sustainableEps();
        double hi = Double.NaN;
        for (String p : cap.probeLog().split(" ")) {
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
    static boolean generatorLimited(TextLine row) {
        CapacityLine cap = CapacityLine.of(row);
        return !Double.isNaN(cap.generatorEps()) && cap.sustainableEps() >= cap.generatorEps();
    }

    /** E.g. {@code 168–200 k/s (search bracket)}, {@code ≥ 2.00 M/s: generator-limited (its ceiling 2.00 M/s)}. */
    static String cell(TextLine row) {
        if (row == null || Double.isNaN(CapacityLine.of(row).sustainableEps())) {
            return NumberText.NONE;
        }
        CapacityLine cap = CapacityLine.of(row);
        double found = cap.sustainableEps();
        if (generatorLimited(row)) {
            return TEXT.fill("sustainable.generator-limited").with("found", NumberText.rate(found)).with("ceiling", NumberText.rate(cap.generatorEps())).text();
        }
        double hi = failedAbove(row);
        return Double.isNaN(hi) ? TEXT.fill("sustainable.search-top").with("found", NumberText.rate(found)).text()
                : TEXT.fill("sustainable.search-bracket").with("found", NumberText.rate(found)).with("failed", NumberText.rate(hi)).text();
    }

    /**
     * The sentence on the generator for the latency section: its ceiling (lowest over configurations), or that this
     * run did not measure it, and how many sustainable rates share one grid point.
     */
    static String note(List<TextLine> capacity) {
        List<TextLine> found = capacity.stream().filter(c -> !Double.isNaN(CapacityLine.of(c).sustainableEps())).toList();
        if (found.isEmpty()) {
            return "";
        }
        List<CapacityLine> ok = found.stream().map(CapacityLine::of).toList();
        double ceiling = ok.stream().mapToDouble(CapacityLine::generatorEps).filter(g -> !Double.isNaN(g)).min().orElse(Double.NaN);
        long limited = found.stream().filter(SustainableCell::generatorLimited).count();
        String gen = (Double.isNaN(ceiling) ? TEXT.get("sustainable.no-ceiling")
                : TEXT.fill("sustainable.ceiling").with("ceiling", NumberText.rate(ceiling)).with("limited", limited > 0
                ? TEXT.fill("sustainable.ceiling.limited").with("limited", limited).with("rows", ok.size()).text() : "").text()) + " ";
        double mode = ok.stream().mapToDouble(CapacityLine::sustainableEps).boxed()
                .max((a, b) -> Long.compare(ok.stream().filter(c -> c.sustainableEps() == a).count(),
                        ok.stream().filter(c -> c.sustainableEps() == b).count())).orElse(Double.NaN);
        long same = ok.stream().filter(c -> c.sustainableEps() == mode).count();
        return gen + TEXT.fill("sustainable.grid").with("same", same > 1 ? TEXT.fill("sustainable.grid.same").with("same", same)
                .with("rows", ok.size()).with("rate", NumberText.rate(mode)).text() : "").text();
    }
}
