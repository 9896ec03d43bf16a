package handoff.harness.pipelinereport;

import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The capacity a reader may cite never contradicts the full-length latency rows beside it. */
class CapacityCellTest {
    private static TextLine row(String file, String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("transport", "abq");
        m.put("wait", "park");
        m.put("producers", "1");
        m.put("work", "1");
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new TextLine(file, m);
    }

    @Test
    void aLongerRowThatMissedTheBudgetBelowTheProbesFigureBoundsIt() {
        TextLine cap = row("pipeline-capacity.csv", "capacity_at_budget_eps", "42000", "budget_ns", "1000000");
        TextLine config = row("pipeline-latency.csv");
        List<TextLine> lat = List.of(row("pipeline-latency.csv", "offered_eps", "4200", "p99_ns", "1800000"),
                row("pipeline-latency.csv", "offered_eps", "21000", "p99_ns", "4400000"));
        assertThat(SameRateLatencyFigure.capacityCell(cap, lat, config)).isEqualTo("none shown: p99 > 1.00 ms at 4.20 k/s (full rows), ≤ at 42.0 k/s (short probes)");
    }

    @Test
    void rowsWithinTheBudgetOrAboveTheProbesFigureLeaveItAsFound() {
        TextLine cap = row("pipeline-capacity.csv", "capacity_at_budget_eps", "42000", "budget_ns", "1000000");
        TextLine config = row("pipeline-latency.csv");
        List<TextLine> lat = List.of(row("pipeline-latency.csv", "offered_eps", "4200", "p99_ns", "800000"),
                row("pipeline-latency.csv", "offered_eps", "80000", "p99_ns", "9000000"));
        assertThat(SameRateLatencyFigure.capacityCell(cap, lat, config)).isEqualTo("42.0 k/s");
        assertThat(SameRateLatencyFigure.capacityCell(null, lat, config)).isEqualTo("—");
    }
}
