package handoff.harness.pipelinereport;

import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SustainableCellTest {
    private static TextLine cap(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new TextLine("pipeline-capacity.csv", m);
    }

    @Test
    void aSustainableRateIsItsBracketNotAPoint() {
        // the reference run's abq/park: kept up at 168 k/s, fell behind (twice) at 200 k/s
        TextLine c = cap("sustainable_eps", "168179.3", "probe_log", "50000:kept-up:5877759 100000:kept-up:257151 "
                + "200000:fell-behind:3561471 200000:fell-behind:4984831 141421.4:kept-up:2291711 168179.3:kept-up:275711");
        assertThat(SustainableCell.failedAbove(c)).isEqualTo(200000.0);
        assertThat(SustainableCell.cell(c)).isEqualTo("168 k/s–200 k/s (search bracket)");
    }

    @Test
    void aRateAtTheGeneratorsCeilingIsFlaggedAsTheGenerators() {
        TextLine c = cap("sustainable_eps", "800000", "generator_eps", "800000", "probe_log", "800000:kept-up:1 1600000:fell-behind:2");
        assertThat(SustainableCell.generatorLimited(c)).isTrue();
        assertThat(SustainableCell.cell(c)).startsWith("≥ 800 k/s: generator-limited");
        assertThat(SustainableCell.note(List.of(c))).contains("1 of 1 sustainable rates reach it");
        TextLine below = cap("sustainable_eps", "168179.3", "generator_eps", "12800000", "probe_log", "200000:fell-behind:1");
        assertThat(SustainableCell.generatorLimited(below)).isFalse();
    }

    @Test
    void theNoteSaysWhenTheGeneratorWasNotMeasuredAndCountsASharedGridPoint() {
        TextLine a = cap("sustainable_eps", "168179.3", "probe_log", "");
        TextLine b = cap("sustainable_eps", "168179.3", "probe_log", "");
        TextLine c = cap("sustainable_eps", "672717.1", "probe_log", "");
        String note = SustainableCell.note(List.of(a, b, c));
        assertThat(note).contains("was not measured in this run").contains("2 of 3 configurations share the grid point 168 k/s");
    }
}
