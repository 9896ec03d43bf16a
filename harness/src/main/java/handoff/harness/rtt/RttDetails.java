package handoff.harness.rtt;

import handoff.harness.page.DetailSection;
import handoff.harness.page.NumberText;
import handoff.harness.page.PercentileChart;
import handoff.harness.page.Prose;
import handoff.harness.page.RunData;
import handoff.harness.page.Section;
import handoff.harness.page.TextLine;

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
        List<TextLine> clock = RunData.eq(run.ok(RttParts.FILE), "transport", RttParts.CLOCK);
        if (clock.isEmpty()) {
            return TEXT.fill("overhead.none").with("clock", RttParts.CLOCK).text();
        }
        RttLine ovh = RttLine.of(clock.get(0));
        return TEXT.fill("overhead").with("mean", NumberText.ns(ovh.meanNs())).with("p50", NumberText.ns(ovh.p50Ns()))
                .with("p99", NumberText.ns(ovh.p99Ns())).text();
    }

    static List<String> method() {
        return List.of(TEXT.get("method"));
    }
}
