package handoff.harness.overload;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class OverloadCheckTest {
    private static Map<String, String> row(String policy, int pct, long rejected, long discarded, String basis,
                                           double nominal, String achieved, String behindPct) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("policy", policy);
        r.put("load_pct", Integer.toString(pct));
        r.put("rejected", Long.toString(rejected));
        r.put("discarded", Long.toString(discarded));
        r.put("rate_basis", basis);
        r.put("offered_eps", Double.toString(nominal));
        r.put("offered_achieved_eps", achieved);
        r.put("behind_pct", behindPct);
        return r;
    }

    @Test
    void onlyPoliciesThatCanShedAboveOneTimesAreCounted() {
        // the reference run's abq at 2x of its sustainable rate: block cannot shed, drop-new shed, timeout did not
        List<Map<String, String>> rows = List.of(
                row("block", 200, 0, 0, "sustainable", 336358.6, "", "0"),
                row("timeout", 200, 0, 0, "sustainable", 336358.6, "", "0"),
                row("drop-new", 200, 2047, 0, "sustainable", 336358.6, "", "0"),
                row("drop-old", 80, 0, 0, "sustainable", 134543.4, "", "0"),
                row("unbounded", 200, 0, 0, "sustainable", 336358.6, "", "0"));
        assertThat(OverloadCheck.count(rows)).containsExactly(1, 2);
        assertThat(OverloadCheck.verdict(rows.get(0))).isEqualTo("— (cannot shed)");
        assertThat(OverloadCheck.verdict(rows.get(1))).isEqualTo("**no** (basis is not a saturation rate)");
        assertThat(OverloadCheck.verdict(rows.get(2))).isEqualTo("yes");
        assertThat(OverloadCheck.verdict(rows.get(3))).startsWith("control");
    }

    @Test
    void achievedOfferedIsReportedBesideNominalWhenThePacerFellBehind() {
        Map<String, String> behind = row("drop-new", 200, 0, 0, "pipeline", 4681511.8, "1624772.8", "65.3");
        assertThat(OverloadCheck.offered(behind)).isEqualTo("1.62 M/s of 4.68 M/s (34.7 %)");
        assertThat(OverloadCheck.verdict(behind)).isEqualTo("**no** (pacer fell behind its nominal rate)");
        // a run before offered_achieved_eps: nominal x (1 - behind %)
        Map<String, String> old = row("drop-new", 200, 0, 0, "pipeline", 1_000_000, "", "50");
        assertThat(OverloadCheck.achieved(old)).isEqualTo(500_000.0);
        Map<String, String> onTime = row("drop-new", 200, 5, 0, "pipeline", 1_000_000, "1000000", "0");
        assertThat(OverloadCheck.offered(onTime)).isEqualTo("1.00 M/s (on schedule)");
    }
}
