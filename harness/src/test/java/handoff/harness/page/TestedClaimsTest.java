package handoff.harness.page;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's words for a tested claim: a comparison of two rows' per-fork values, and why a table was not ranked. */
class TestedClaimsTest {
    private static TextLine row(String forks, String n) {
        return new TextLine("pipeline.csv", Map.of("transport", "abq", "wait", "park", "throughput_eps_forks", forks, "forks", n));
    }

    @Test
    void aClaimIsTestedOnPerForkValuesOrSaysItIsUntested() {
        TextLine a = row("2.10;2.35;1.95;2.60;2.20", "5");
        TextLine b = row("1.80;1.90;1.85;2.05;1.70", "5");
        // the paired t of LogTOracleTest: p = 0.007741515887195464 (scipy)
        assertThat(TestedClaims.verdict(TestedClaims.compare(a, b, "throughput_eps"), "faster", "slower"))
                .isEqualTo("faster (p = 0.0077, paired t on per-round log-ratios, 5 pairs, α = 0.05)");
        assertThat(TestedClaims.compare(a, null, "throughput_eps")).isNull();
        assertThat(TestedClaims.compare(null, b, "throughput_eps")).isNull();
        assertThat(TestedClaims.compare(a, new TextLine("pipeline.csv", Map.of("transport", "lbq")), "throughput_eps")).isNull();
        assertThat(TestedClaims.verdict(null, "faster", "slower")).isEqualTo("untested (no per-fork values in this run's files)");
    }

    @Test
    void anUntestedTableSaysWhatItsForksCouldReach() {
        TextLine three = new TextLine("pipeline.csv", Map.of("forks", "3"));
        TextLine four = new TextLine("pipeline.csv", Map.of("forks", "4"));
        assertThat(TestedClaims.untestedTable(List.of(three, four))).isEqualTo("untested: this run's files hold no per-fork values; "
                + "with 3 forks per row an exact rank test's smallest p is 0.1, so it could not reach α = 0.05");
        assertThat(TestedClaims.untestedTable(List.of(four))).endsWith("smallest p is 0.029, so it could reach α = 0.05");
        assertThat(TestedClaims.untestedTable(List.of(new TextLine("pipeline.csv", Map.of("forks", "1")), four)))
                .isEqualTo("untested: a row has one fork (a test needs at least two forks a side)");
        assertThat(TestedClaims.untestedTable(List.of(new TextLine("pipeline.csv", Map.of("transport", "abq")))))
                .as("no fork count: one fork").startsWith("untested: a row has one fork");
        assertThat(TestedClaims.letter(null, 0)).isEmpty();
    }
}
