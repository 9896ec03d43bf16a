package handoff.harness.report;

import handoff.harness.cli.Main;
import handoff.harness.page.Fixtures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A study of two run folders (src/test/resources/report/study: a complete pipeline run and a disruptor run interrupted
 * after unicast_1p1c, its unpadded control and sequencer_3p1c): the report names each suite's run and status, names the
 * planned topologies that never ran, and draws no figure, row or verdict from them; runs of two machines are refused.
 */
class StudyTest {
    @TempDir
    Path tmp;

    private int report(StringWriter sink, String... args) {
        picocli.CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(sink));
        cl.setErr(new PrintWriter(sink));
        String[] all = new String[args.length + 1];
        all[0] = "report";
        System.arraycopy(args, 0, all, 1, args.length);
        return cl.execute(all);
    }

    @Test
    void anInterruptedRunsMissingTopologiesAreNamedAndNothingIsDrawnFromThem() throws Exception {
        Path src = Fixtures.copy("study", tmp);
        Path study = tmp.resolve("study-16cpu");
        StringWriter out = new StringWriter();
        int exit = report(out, src.resolve("pipeline-run").toString(), src.resolve("disruptor-run").toString(), "--study", study.toString(),
                "--no-plots");
        assertThat(exit).as(out.toString()).isZero();
        assertThat(study.resolve(Study.PROPERTIES)).content().contains("runs=../study/pipeline-run,../study/disruptor-run");
        String md = Files.readString(study.resolve("REPORT.md"));
        String provenance = md.substring(md.indexOf("## Where each suite comes from"), md.indexOf("## ", md.indexOf("## Where each suite") + 3));

        // each suite: its folder and whether that run ran to its end
        assertThat(provenance).contains("| pipeline | `pipeline-run` | complete (ran to its end) | 16 of 16 | none |");
        assertThat(provenance).contains("| disruptor | `disruptor-run` | **interrupted** (stopped before its plan ended) | 3 of 6 |");
        // what the interrupted run lacks, from its plan: the three topologies after sequencer_3p1c
        assertThat(provenance).contains("3: `benchmark=pipeline_1p3c, wait=yield`; `benchmark=multicast_1p3c, wait=yield`; "
                + "`benchmark=diamond_1p3c, wait=yield`");
        assertThat(provenance).contains("Not run by any folder of this study (no rows, no figure, no verdict): rtt, latency, unicast, echo, "
                + "fanout, overload.");

        // nothing drawn from them: no row, figure or verdict outside the provenance names them
        String rest = md.replace(provenance, "");
        for (String missing : new String[] {"pipeline_1p3c", "multicast_1p3c", "diamond_1p3c"}) {
            assertThat(rest).doesNotContain(missing);
            assertThat(Files.readString(study.resolve("appendix-details.md"))).doesNotContain(missing);
            try (Stream<Path> data = Files.list(study.resolve("plots").resolve("data"))) {
                for (Path f : data.toList()) {
                    assertThat(Files.readString(f)).as(f.toString()).doesNotContain(missing);
                }
            }
        }
        // what did run is reported: the two judged topologies, and no verdict for a suite no run ran
        assertThat(md).contains("Ours vs LMAX: 0 of 2 judged");
        assertThat(Files.readString(study.resolve("appendix-details.md"))).contains("unicast_1p1c", "sequencer_3p1c");
        assertThat(md).doesNotContain("## Round-trip latency", "RTT at P=1:");
    }

    @Test
    void theTopPageLeadsWithTheStudysBoxAndKeepsTheOtherBeside() throws Exception {
        Path src = Fixtures.copy("study", tmp);
        Path other = Fixtures.copy("run-complete", tmp);
        Path study = tmp.resolve("study-16cpu");
        Path top = tmp.resolve("TOP.md");
        StringWriter out = new StringWriter();
        int exit = report(out, src.resolve("pipeline-run").toString(), src.resolve("disruptor-run").toString(), "--study", study.toString(),
                "--beside", other.toString(), "--top", top.toString(), "--no-plots");
        assertThat(exit).as(out.toString()).isZero();
        String md = Files.readString(top);
        assertThat(md.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isLessThanOrEqualTo(TopPage.MAX_KB * 1024);
        assertThat(md).contains("## At a glance — 16-vCPU Intel Xeon VM, JDK 17.0.15", "| **16-vCPU Intel Xeon VM, JDK 17.0.15** |",
                "pipeline: `pipeline-run` (complete)", "disruptor: `disruptor-run` (interrupted, 3 planned configurations never ran)",
                "](study-16cpu/appendix-study.md)", "](run-complete/REPORT.md)");
        assertThat(md.indexOf("16-vCPU")).isLessThan(md.indexOf("(the reference beside)"));
        // every ## heading names a box
        md.lines().filter(l -> l.startsWith("## ") && !l.equals("## Appendices")).forEach(l -> assertThat(l).containsPattern("CPU"));
        assertThat(md).doesNotContain("multicast_1p3c", "diamond_1p3c");
    }

    @Test
    void runsOfTwoMachinesAreRefusedInOneLine() throws Exception {
        Path src = Fixtures.copy("study", tmp);
        Path manifest = src.resolve("disruptor-run").resolve("manifest.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"cores\": 16, \"online_cpus\": 16", "\"cores\": 2, \"online_cpus\": 2"));
        StringWriter out = new StringWriter();
        int exit = report(out, src.resolve("pipeline-run").toString(), src.resolve("disruptor-run").toString(), "--study",
                tmp.resolve("s").toString(), "--no-plots");
        assertThat(exit).isEqualTo(2);
        assertThat(out.toString().strip()).doesNotContain("\n").contains("differ in machine.cores (16 vs 2)", "one machine and one commit");
        assertThat(tmp.resolve("s").resolve("REPORT.md")).doesNotExist();
    }

    @Test
    void severalFoldersWithoutAStudyFolderAreRefused() throws Exception {
        Path src = Fixtures.copy("study", tmp);
        StringWriter out = new StringWriter();
        assertThat(report(out, src.resolve("pipeline-run").toString(), src.resolve("disruptor-run").toString(), "--no-plots")).isEqualTo(2);
        assertThat(out.toString()).contains("add --study DIR");
    }
}
