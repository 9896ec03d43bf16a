package handoff.harness.fleet;

import handoff.harness.page.NumberText;
import handoff.harness.page.RunData;
import handoff.harness.report.DeclaredVerdicts;
import handoff.harness.results.ResultsReadme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 48, item 9 and item 6: results/across-boxes.md repeats only the verdicts each run made, each with the ratio its
 * run's test estimates. Rendered from the committed runs it was made from, the 2-CPU column printed "above 1.40×",
 * "below 0.46×" and "best group" for comparisons that run's pilot left out ("not judged" in its report), and ours ÷ LMAX
 * "cannot be judged per box" where the top page says the 16-CPU run made 3 of 3 "ours faster".
 */
class AcrossBoxesRepeatsTest {
    /** The runs results/across-boxes.md is made from (its box table). */
    static final List<String> RUNS = List.of("20261126-080751-7531edb", "20261126-081021-7531edb", "20261126-081451-7531edb",
            "20261126-153132-9042223");

    @TempDir
    Path tmp;

    @Test
    void everyCellIsAVerdictItsRunMadeWithItsRunsRatio() throws IOException {
        List<String> args = new ArrayList<>();
        RUNS.forEach(r -> args.add(ResultsReadme.folder().resolve(r).toString()));
        Path out = tmp.resolve("across-boxes.md");
        args.addAll(List.of("--markdown", out.toString()));
        CommandLine cl = new CommandLine(new CompareBoxesCommand());
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        assertThat(cl.execute(args.toArray(String[]::new))).as(err.toString()).isZero();
        String md = Files.readString(out);

        // the 2-CPU run's pilot left these out: its report says "not judged", so does this page
        String twoCpu = "transport=%s producers=1 wait=%s work=1 workers=1";
        assertThat(CompareBoxesTest.line(md, "pipeline.saturation.vs-abq", twoCpu.formatted("disruptor", "block")))
                .contains("| not judged [oversubscribed] |").doesNotContain("1.40");
        assertThat(CompareBoxesTest.line(md, "pipeline.saturation.vs-abq", twoCpu.formatted("lmax", "block"))).doesNotContain("0.46");
        assertThat(CompareBoxesTest.line(md, "pipeline.saturation.best", twoCpu.formatted("clq", "park"))).doesNotContain("best group");
        // ours ÷ LMAX is repeated per box as its run judged it
        assertThat(md).doesNotContain("Not judged per box");
        assertThat(CompareBoxesTest.line(md, "disruptor.ours-vs-lmax", "benchmark=unicast_1p1c wait=yield sides=disruptor÷lmax"))
                .contains("above 3.12×");
        // the estimator is named once
        assertThat(md.split("geometric mean of per-round ratios", -1)).hasSize(2);

        // and every verdict of every run is on the page as that run made it, with its run's ratio
        for (String r : RUNS) {
            RunData run = RunData.load(ResultsReadme.folder().resolve(r));
            DeclaredVerdicts v = DeclaredVerdicts.of(run);
            for (Map.Entry<String, DeclaredVerdicts.Word> e : v.all().entrySet()) {
                String config = v.row(e.getKey()).describe(TidyForks.configColumns(run, v.row(e.getKey()).file()));
                String section = md.substring(md.indexOf("## " + handoff.harness.report.VerdictKey.question(e.getKey()) + "\n") + 3);
                section = section.substring(0, section.contains("\n## ") ? section.indexOf("\n## ") : section.length());
                if (section.contains("Judged on one box only")) {
                    assertThat(section).contains(r);
                    continue;
                }
                String line = section.lines().filter(l -> l.startsWith("| " + config + " |")).findFirst().orElse("");
                String said = e.getValue() + (Double.isNaN(v.ratio(e.getKey())) ? "" : " " + NumberText.ratio(v.ratio(e.getKey())));
                assertThat(line).as(r + " " + e.getKey()).contains("| " + said);
            }
        }
    }
}
