package handoff.harness.report;

import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The declared verdicts a committed run makes (what compare and the regression gate read): in
 * results/20261124-203515-472f2c7, lbq/block is "not best" (clq/park beats it, p = 0.0030 below 0.05/11) and lmax/block,
 * every comparison refused, "untested" — never "best group"; no pilot, so every declared comparison is judged.
 */
class DeclaredVerdictsTest {
    @Test
    void theCommittedRunsBestOfVerdicts() throws IOException {
        RunData run = RunData.load(ResultsReadme.committed("20261124-203515-472f2c7", "manifest.json").getParent());
        Map<String, DeclaredVerdicts.Word> all = DeclaredVerdicts.of(run).all();
        assertThat(all.get("pipeline.saturation.best | P=1 | lbq/block")).isEqualTo(DeclaredVerdicts.Word.NOT_BEST);
        assertThat(all.get("pipeline.saturation.best | P=1 | lmax/block")).isEqualTo(DeclaredVerdicts.Word.UNTESTED);
        assertThat(all.get("pipeline.saturation.best | P=1 | clq/park")).isEqualTo(DeclaredVerdicts.Word.BEST_GROUP);
        assertThat(all.get("pipeline.saturation.best | P=1 | abq/block")).isEqualTo(DeclaredVerdicts.Word.NOT_BEST);
        assertThat(all.get("pipeline.saturation.vs-abq | P=1 | mtoca/park")).isEqualTo(DeclaredVerdicts.Word.ABOVE);
        assertThat(all.get("pipeline.saturation.vs-abq | P=1 | lbq/block")).isEqualTo(DeclaredVerdicts.Word.CANNOT_TELL);
        assertThat(all).doesNotContainKey("pipeline.saturation.vs-abq | P=1 | abq/block");
        assertThat(all.values()).doesNotContain(DeclaredVerdicts.Word.NOT_JUDGED);
        assertThat(DeclaredVerdicts.Word.NOT_BEST.decided()).isTrue();
        assertThat(DeclaredVerdicts.Word.BEST_GROUP.decided()).isFalse();
        assertThat(DeclaredVerdicts.Word.UNTESTED).hasToString("untested");
    }
}
