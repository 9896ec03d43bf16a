package handoff.harness.report;

import handoff.harness.page.Lines;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;

import java.lang.invoke.MethodHandles;

/**
 * The name of one declared verdict, {@code question | table | row}: what {@code compare} matches between two runs of
 * one commit, what a study across boxes matches between boxes, and what a pilot ({@link Pilot}) lists as judged. Made
 * here alone, from a row of a run or from a planned trial's configuration read as a row.
 */
public final class VerdictKey {
    public static final String PIPELINE_BEST = "pipeline.saturation.best";
    public static final String PIPELINE_VS_ABQ = "pipeline.saturation.vs-abq";
    public static final String RTT_VS_BASELINE = "rtt.vs-baseline";
    public static final String OURS_VS_LMAX = "disruptor.ours-vs-lmax";

    private VerdictKey() {
    }

    /** The pipeline's table of a row: its producers and runtime, e.g. {@code P=1}. */
    public static String pipelineTable(TextLine r) {
        return "P=" + r.producers() + r.runtime();
    }

    public static String pipeline(String question, TextLine r) {
        return question + " | " + pipelineTable(r) + " | " + r.label();
    }

    /** An RTT row at P = 1 against the baseline, e.g. {@code rtt.vs-baseline | P=1 burst=1 | jctools/spinpooled}. */
    public static String rtt(TextLine r) {
        return RTT_VS_BASELINE + " | P=1 burst=" + r.burst() + " | " + r.label() + r.producerModel() + RttMessages.LINES.of(r).messages();
    }

    public static String oursVsLmax(TextLine r) {
        return oursVsLmax(r.waitStrategy(), RatioLine.of(r).benchmark());
    }

    /** Ours ÷ LMAX at a wait strategy and JMH benchmark, e.g. {@code disruptor.ours-vs-lmax | yield | unicast_1p1c}. */
    public static String oursVsLmax(String wait, String benchmark) {
        return OURS_VS_LMAX + " | " + wait + " | " + benchmark;
    }

    /** The question a key belongs to. */
    public static String question(String key) {
        int bar = key.indexOf(" | ");
        return bar < 0 ? key : key.substring(0, bar);
    }

    /** An {@code rtt.csv} line's {@code messages} cell as written: part of its key ("" where the line has none). */
    private record RttMessages(String messages) {
        static final Lines<RttMessages> LINES = Lines.of(MethodHandles.lookup(), RunData.RTT, RttMessages.class, "messages");
    }
}
