package handoff.harness.overload;

import handoff.harness.trial.Status;
import handoff.pipelines.overload.OverloadPolicy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OverloadCheckTest {
    /** An ok line with the figures the check reads; {@code achieved} NaN where its cell is empty. */
    private static OverloadLine row(String policy, int pct, long rejected, long discarded, String basis,
                                    double nominal, double achieved, double behindPct) {
        double nan = Double.NaN;
        OverloadLine.Figures f = new OverloadLine.Figures(nominal, achieved, nan, rejected, discarded, nan, nan, behindPct,
                nan, nan, 0, false, false, nan, nan, nan, 0, true, nan, nan, nan);
        return new OverloadLine("abq", "park", OverloadPolicy.parse(policy), pct, RateBasis.of(basis), nan, Status.ok(),
                false, f);
    }

    @Test
    void onlyPoliciesThatCanShedAboveOneTimesAreCounted() {
        // the reference run's abq at 2x of its sustainable rate: block cannot shed, drop-new shed, timeout did not
        List<OverloadLine> rows = List.of(
                row("block", 200, 0, 0, "sustainable", 336358.6, Double.NaN, 0),
                row("timeout", 200, 0, 0, "sustainable", 336358.6, Double.NaN, 0),
                row("drop-new", 200, 2047, 0, "sustainable", 336358.6, Double.NaN, 0),
                row("drop-old", 80, 0, 0, "sustainable", 134543.4, Double.NaN, 0),
                row("unbounded", 200, 0, 0, "sustainable", 336358.6, Double.NaN, 0));
        assertThat(OverloadCheck.count(rows)).containsExactly(1, 2);
        assertThat(OverloadCheck.verdict(rows.get(0))).isEqualTo("— (cannot shed)");
        assertThat(OverloadCheck.verdict(rows.get(1))).isEqualTo("**no** (basis is not a saturation rate)");
        assertThat(OverloadCheck.verdict(rows.get(2))).isEqualTo("yes");
        assertThat(OverloadCheck.verdict(rows.get(3))).startsWith("control");
    }

    @Test
    void achievedOfferedIsReportedBesideNominalWhenThePacerFellBehind() {
        OverloadLine behind = row("drop-new", 200, 0, 0, "pipeline", 4681511.8, 1624772.8, 65.3);
        assertThat(OverloadCheck.offered(behind)).isEqualTo("1.62 M/s of 4.68 M/s (34.7 %)");
        assertThat(OverloadCheck.verdict(behind)).isEqualTo("**no** (pacer fell behind its nominal rate)");
        // an empty offered_achieved_eps: nominal x (1 - behind %)
        OverloadLine old = row("drop-new", 200, 0, 0, "pipeline", 1_000_000, Double.NaN, 50);
        assertThat(OverloadCheck.achieved(old)).isEqualTo(500_000.0);
        OverloadLine onTime = row("drop-new", 200, 5, 0, "pipeline", 1_000_000, 1_000_000, 0);
        assertThat(OverloadCheck.offered(onTime)).isEqualTo("1.00 M/s (on schedule)");
    }
}
