package handoff.harness.rtt;

import handoff.harness.report.DetailSection;
import handoff.harness.report.Fmt;
import handoff.harness.report.PercentileChart;
import handoff.harness.report.Prose;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;

import java.util.List;

/** RTT's part of the details appendix: the bars per transport × producers, then the percentile distributions; its method. */
final class RttDetails {
    private static final Prose TEXT = Prose.of("rtt");

    private RttDetails() {
    }

    static List<Section> sections() {
        return List.of(
                new DetailSection(TEXT.get("details.bars.title"), RttBarsFigure.SCRIPT, TEXT.get("details.bars.caption"), RttParts.FILE).before(doc -> doc.p(overhead(doc.run))),
                new DetailSection(TEXT.get("details.percentiles.title"), PercentileChart.SCRIPT, PercentileChart.HOW_TO_READ, RttParts.FILE)
                        .only(p -> p.name().startsWith("rtt-")).whenNone(PercentileChart.NONE));
    }

    /** The cost of the two clock reads every sample includes, from the run's own row. */
    private static String overhead(RunData run) {
        List<Row> clock = RunData.eq(run.ok(RttParts.FILE), "transport", RttParts.CLOCK);
        if (clock.isEmpty()) {
            return TEXT.fill("overhead.none").with("clock", RttParts.CLOCK).text();
        }
        RttLine ovh = RttLine.of(clock.get(0));
        return TEXT.fill("overhead").with("mean", Fmt.ns(ovh.meanNs())).with("p50", Fmt.ns(ovh.p50Ns()))
                .with("p99", Fmt.ns(ovh.p99Ns())).text();
    }

    static List<String> method() {
        return List.of(TEXT.get("method"));
    }
}
