package handoff.harness.report;

import handoff.harness.cli.Main;
import handoff.harness.page.Fixtures;
import handoff.harness.page.RunData;
import handoff.harness.results.ResultsReadme;
import handoff.harness.trial.TrialSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 48, items 7 and "What must be true" 5: what an interrupted run planned, ran and lacks comes from its own record
 * (its manifest and files), never from a plan re-made by today's code. The committed 16-CPU study, re-rendered: its RTT
 * run planned no {@code disruptor-noslip} (a control added later), its 4 n/a rows are not "fewer forks", and the
 * disruptor run's multicast_1p3c, whose jmh/ keeps 4 whole pairs, is a partial row, not "never ran"; the empty JMH file
 * beside them is named and left out.
 */
class RunRecordTest {
    private static final String STUDY = "study-16cpu-7531edb";
    private static final List<String> RUNS = List.of("20261126-080751-7531edb", "20261126-081021-7531edb", "20261126-081451-7531edb");

    @TempDir
    Path tmp;

    private static int run(StringWriter sink, String... args) {
        picocli.CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(sink));
        cl.setErr(new PrintWriter(sink));
        return cl.execute(args);
    }

    @Test
    void theCommittedStudyNamesWhatItsRunsRecordedNotWhatTodaysCodeWouldPlan() throws IOException {
        Path results = ResultsReadme.folder();
        for (String r : RUNS) {
            Fixtures.copyTree(results.resolve(r), tmp.resolve(r));
        }
        Fixtures.copyTree(results.resolve(STUDY), tmp.resolve(STUDY));
        StringWriter out = new StringWriter();
        // the disruptor run keeps no trials/: its rows are folded again from the forks its jmh/ keeps
        assertThat(run(out, "refold", tmp.resolve(RUNS.get(1)).toString())).as(out.toString()).isZero();
        assertThat(out.toString()).contains("disruptor_multicast-1p3c_yield_lmax_f4.json: 0 bytes");
        assertThat(run(out, "report", tmp.resolve(STUDY).toString(), "--no-plots")).as(out.toString()).isZero();

        String appendix = Files.readString(tmp.resolve(STUDY).resolve(StudySection.APPENDIX));
        String md = Files.readString(tmp.resolve(STUDY).resolve("REPORT.md"));
        String where = md.substring(md.indexOf("## Where each suite comes from"), md.indexOf("\n## ", md.indexOf("## Where each suite") + 3));
        // RTT: its manifest's plan lists no disruptor-noslip; 65 rows, 4 of them n/a (decided, never short of forks)
        assertThat(appendix).doesNotContain("disruptor-noslip");
        assertThat(where).contains("| rtt | `20261126-081451-7531edb` | **interrupted** (stopped before its plan ended) | 65 of 65 | none | 61 rows");
        // disruptor: multicast_1p3c is partial (4 whole pairs of 6), diamond_1p3c never ran
        assertThat(where).contains("| disruptor | `20261126-081021-7531edb` | **interrupted** (stopped before its plan ended) | 5 of 6 | "
                + "1: `benchmark=diamond_1p3c, wait=yield` | `benchmark=multicast_1p3c, wait=yield (4 of 6 forks)` |");
        // the empty file is said and left out
        assertThat(where).contains("jmh/disruptor_multicast-1p3c_yield_lmax_f4.json: 0 bytes");
        assertThat(appendix).contains("jmh/disruptor_multicast-1p3c_yield_lmax_f4.json: 0 bytes");
        // and the partial row is reported as what it is: 4 pairs
        assertThat(Files.readString(tmp.resolve(RUNS.get(1)).resolve("disruptor-ratio.csv"))).contains("multicast_1p3c,yield,disruptor÷lmax,1.057,1.032,1.081");
    }

    @Test
    void aRecordedPlanIsReadAsRecordedAndAPlanThatDoesNotAddUpIsUnknown() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("run"));
        TrialSpec abq = new TrialSpec("rtt", handoff.harness.results.TrialProperties.builder().put("transport", "abq"),
                handoff.harness.results.TrialProperties.builder());
        Files.writeString(run.resolve("manifest.json"), "{\"status\": \"interrupted\", \"plan\": {\"trials\": 2}, \""
                + RecordedPlan.KEY + "\": " + handoff.harness.results.Json.write(RecordedPlan.toJson(RecordedPlan.of(List.of(abq, abq.withSizing("fork", "1"))))) + "}");
        RunData data = RunData.load(run);
        Study.Plan recorded = RecordedPlan.of(data, Map.of(), () -> {
            throw new AssertionError("a recorded plan is never re-made");
        });
        assertThat(recorded.known()).isTrue();
        assertThat(recorded.configurations()).singleElement().satisfies(p -> {
            assertThat(p.describe()).isEqualTo("transport=abq");
            assertThat(p.forks()).isEqualTo(2);
        });
        // a manifest from before: this build's plan gives 3 trials where the run counted 2: nothing is named as never run
        Files.writeString(run.resolve("manifest.json"), "{\"status\": \"interrupted\", \"plan\": {\"trials\": 2}}");
        Study.Plan remade = RecordedPlan.of(RunData.load(run), Map.of(), () -> List.of(abq, abq.withSizing("fork", "1"), abq.withSizing("fork", "2")));
        assertThat(remade.known()).isFalse();
        assertThat(remade.problem()).contains("3 trials where the manifest counted 2");
    }
}
