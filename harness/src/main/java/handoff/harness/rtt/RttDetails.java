package handoff.harness.rtt;

import handoff.harness.report.DetailSection;
import handoff.harness.report.Fmt;
import handoff.harness.report.PercentileChart;
import handoff.harness.report.Row;
import handoff.harness.report.RunData;
import handoff.harness.report.Section;

import java.util.List;

/** RTT's part of the details appendix: the bars per transport × producers, then the percentile distributions; its method. */
final class RttDetails {
    private RttDetails() {
    }

    static List<Section> sections() {
        return List.of(
                new DetailSection("RTT: mean and p99 per transport × producers", RttBarsFigure.SCRIPT, "Bars: mean and p99 per transport "
                        + "and producer count, log scale; the error bar on p99 spans p99's min–max over forks. Dashed lines: the "
                        + "wait-free `baseline` (P=1) at the same burst; dotted: the timing overhead. Ratios are ÷ that baseline "
                        + "(smaller is better; 1× = as fast as the floor).", RttParts.FILE).before(doc -> doc.p(overhead(doc.run))),
                new DetailSection("RTT percentile distributions", PercentileChart.SCRIPT, PercentileChart.HOW_TO_READ, RttParts.FILE)
                        .only(p -> p.name().startsWith("rtt-")).whenNone(PercentileChart.NONE));
    }

    /** The cost of the two clock reads every sample includes, from the run's own row. */
    private static String overhead(RunData run) {
        List<Row> clock = RunData.eq(run.ok(RttParts.FILE), "transport", RttParts.CLOCK);
        if (clock.isEmpty()) {
            return "Timing overhead: no `" + RttParts.CLOCK + "` row in this run.";
        }
        Row ovh = clock.get(0);
        return "Timing overhead (two `System.nanoTime()` calls, included in every sample): mean " + Fmt.ns(ovh.num("mean_ns")) + ", p50 "
                + Fmt.ns(ovh.num("p50_ns")) + ", p99 " + Fmt.ns(ovh.num("p99_ns")) + ".";
    }

    static List<String> method() {
        return List.of("**RTT (closed loop)**, after the harness behind Thompson's 2015 queue tables: P producers each send a burst of B "
                + "messages into the send path under test; only the burst's last message carries the producer id; one consumer echoes "
                + "it through a per-producer SPSC response queue that is identical for every transport, so only the send path differs. "
                + "One sample = first send → reply. A producer waits for its reply before the next burst, so a stall delays the "
                + "samples behind it instead of being recorded by them (coordinated omission): RTT percentiles understate what an "
                + "open-loop sender would see. The cost of the two `System.nanoTime()` calls that bracket each sample is measured "
                + "separately (row `nanotime`).");
    }
}
