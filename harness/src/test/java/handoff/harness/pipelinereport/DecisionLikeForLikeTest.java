package handoff.harness.pipelinereport;

import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The decision table gets LMAX with our policy beside ours (split from pipeline.IdlePolicyTest). */
class DecisionLikeForLikeTest {
    private static TextLine row(String transport, String wait, String eps) {
        return new TextLine(ThroughputFigure.FILE, Map.of("transport", transport, "wait", wait, "throughput_eps", eps,
                "throughput_lo_eps", eps, "throughput_hi_eps", eps, "forks", "3", "interval_level", "0.75", "status", "ok"));
    }

    @Test
    void theDecisionTableNamesThePolicyAndSetsTheLikeForLikePairSideBySide() {
        List<TextLine> rows = List.of(row("disruptor", "park", "2000000"), row("lmax", "park", "3000000"),
                row("lmax-ours", "park", "1900000"));
        assertThat(DecisionSection.idlePolicy(rows.get(1))).contains("SleepingWaitStrategy");
        String pairs = DecisionSection.likeForLike(rows);
        assertThat(pairs).contains("`disruptor/park`").contains("lmax-ours").doesNotContain("disruptor/block");
        assertThat(DecisionSection.likeForLike(rows.subList(0, 2))).isEmpty();
        assertThat(pairs).as("without the slip-off row there is no ring-only pair").doesNotContain("the ring is the only difference")
                .contains("the ring and our temporal slip differ");
    }

    /** disruptor vs lmax-ours differ by the slip too: the ring-only pair is disruptor-noslip vs lmax-ours. */
    @Test
    void theRingOnlyPairIsTheSlipOffRowAgainstLmaxOurs() {
        List<TextLine> rows = List.of(row("disruptor", "park", "2000000"), row("disruptor-noslip", "park", "1500000"),
                row("lmax-ours", "park", "1900000"));
        String text = DecisionSection.likeForLike(rows);
        assertThat(text).contains("the ring is the only difference): `disruptor-noslip/park` 1.50 M/s")
                .contains("the ring and our temporal slip differ (our consumer holds back up to 300 ns when fewer than 64 events wait")
                .contains("The slip alone (ours with it on vs off): `disruptor/park` 2.00 M/s");
        assertThat(text.indexOf("only difference): `disruptor/park`")).as("disruptor is never called the ring-only pair").isNegative();
    }
}
