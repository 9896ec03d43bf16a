package handoff.harness.report;

import handoff.harness.page.RunData;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The declared verdicts a committed run makes (what compare and the regression gate read): in
 * results/20261124-203515-472f2c7, lbq/block is "not best" (clq/park beats it, p = 0.0030 below 0.05/11) and lmax/block,
 * every comparison refused, "untested" — never "best group"; no pilot, so every declared comparison is judged.
 */
class DeclaredVerdictsTest {
    @TempDir
    Path tmp;

    @Test
    void theCommittedRunsBestOfVerdicts() throws IOException {
        // the files the declared questions read, not the whole run folder
        for (String f : List.of("manifest.json", "pipeline.csv", "rtt.csv", "disruptor-ratio.csv")) {
            Files.copy(ResultsReadme.committed("20261124-203515-472f2c7", f), tmp.resolve(f));
        }
        RunData run = RunData.load(tmp);
        Map<String, DeclaredVerdicts.Word> all = DeclaredVerdicts.of(run).all();
        assertThat(all.get("pipeline.saturation.best | P=1 | lbq/block")).isEqualTo(DeclaredVerdicts.Word.NOT_BEST);
        assertThat(all.get("pipeline.saturation.best | P=1 | lmax/block")).isEqualTo(DeclaredVerdicts.Word.UNTESTED);
        assertThat(all.get("pipeline.saturation.best | P=1 | clq/park")).isEqualTo(DeclaredVerdicts.Word.BEST_GROUP);
        assertThat(all.get("pipeline.saturation.best | P=1 | abq/block")).isEqualTo(DeclaredVerdicts.Word.NOT_BEST);
        assertThat(all.get("pipeline.saturation.vs-abq | P=1 | mtoca/park")).isEqualTo(DeclaredVerdicts.Word.ABOVE);
        assertThat(all.get("pipeline.saturation.vs-abq | P=1 | lbq/block")).isEqualTo(DeclaredVerdicts.Word.CANNOT_TELL);
        assertThat(all).doesNotContainKey("pipeline.saturation.vs-abq | P=1 | abq/block");
        assertThat(all.values()).doesNotContain(DeclaredVerdicts.Word.NOT_JUDGED);
        // RTT at P = 1 against baseline: 20 rows at each burst, 3 forks each, none decided; ours ÷ LMAX: one topology's
        // ratio tested, the oversubscribed ones untested
        assertThat(all.keySet()).filteredOn(k -> k.startsWith("rtt.vs-baseline | P=1 burst=1 |")).hasSize(20);
        assertThat(all.keySet()).filteredOn(k -> k.startsWith("rtt.vs-baseline | P=1 burst=100 |")).hasSize(20);
        assertThat(all.get("rtt.vs-baseline | P=1 burst=1 | abq/spinpooled")).isEqualTo(DeclaredVerdicts.Word.CANNOT_TELL);
        assertThat(all.get("disruptor.ours-vs-lmax | yield | unicast_1p1c")).isEqualTo(DeclaredVerdicts.Word.CANNOT_TELL);
        assertThat(all.get("disruptor.ours-vs-lmax | yield | pipeline_1p3c")).isEqualTo(DeclaredVerdicts.Word.UNTESTED);
        assertThat(DeclaredVerdicts.Word.NOT_BEST.decided()).isTrue();
        assertThat(DeclaredVerdicts.Word.BEST_GROUP.decided()).isFalse();
        assertThat(DeclaredVerdicts.Word.UNTESTED).hasToString("untested");
    }

    /**
     * What compare prints of two runs: of the 8 decided verdicts of the run above (4 "not best": abq/block, lbq/block,
     * flow/native, disruptor/park; 4 "above" abq/block: mtoca/park, jctools/park, disruptor/park, disruptor/block), a run
     * makes all 8 the same way as itself, and a run without those files lacks all 8.
     */
    @Test
    void agreementBetweenTwoRuns() throws IOException {
        for (String f : List.of("manifest.json", "pipeline.csv", "rtt.csv", "disruptor-ratio.csv")) {
            Files.copy(ResultsReadme.committed("20261124-203515-472f2c7", f), tmp.resolve(f));
        }
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.copy(tmp.resolve("manifest.json"), empty.resolve("manifest.json"));
        RunData run = RunData.load(tmp);
        RunData none = RunData.load(empty);
        DeclaredVerdicts.Agreement self = DeclaredVerdicts.agreement(DeclaredVerdicts.of(run), DeclaredVerdicts.of(run));
        assertThat(self).isEqualTo(new DeclaredVerdicts.Agreement(8, 8, 0, 0, List.of()));
        assertThat(self.sameShare()).isEqualTo(1.0);
        assertThat(DeclaredVerdicts.agreement(DeclaredVerdicts.of(run), DeclaredVerdicts.of(none)))
                .isEqualTo(new DeclaredVerdicts.Agreement(8, 0, 0, 8, List.of()));
        assertThat(DeclaredVerdicts.agreement(DeclaredVerdicts.of(none), DeclaredVerdicts.of(run)).sameShare()).isNaN();
        assertThat(DeclaredVerdicts.words(run, none)).isEqualTo("Declared verdicts, a → b: of the 8 decided verdicts a makes, b makes 0 "
                + "the same way (0 %), leaves 0 undecided, lacks 8, reverses 0.\nDeclared verdicts, b → a: b makes no decided verdict "
                + "on the declared questions.");
        assertThat(DeclaredVerdicts.words(run, run)).startsWith("Declared verdicts, a → b: of the 8 decided verdicts a makes, b makes 8 "
                + "the same way (100 %), leaves 0 undecided, lacks 0, reverses 0.");
    }
}
