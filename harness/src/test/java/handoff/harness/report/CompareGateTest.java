package handoff.harness.report;

import handoff.harness.results.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code compare BASE NEW --fail-on regression}: exit 1 on a planted regression, naming its row; 0 on a run compared
 * with itself; the threshold respected in both directions; flagged rows listed and never gating; bad arguments one
 * line, exit 2, nothing written. Runs are tiny synthetic folders ({@link FakeRun}) with 5 forks a row.
 */
class CompareGateTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int compare(Path a, Path b, String... options) {
        CommandLine cl = new CommandLine(new CompareCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        List<String> args = new java.util.ArrayList<>(List.of(a.toString(), b.toString(), "--figure", tmp.resolve("cmp.png").toString()));
        args.addAll(List.of(options));
        return cl.execute(args.toArray(String[]::new));
    }

    private Path base() throws Exception {
        return FakeRun.make(tmp.resolve("base"), FakeRun.standard());
    }

    /** The base run with one file's row changed by {@code f}. */
    private Path changed(String file, String rowPrefix, String column, java.util.function.DoubleUnaryOperator f) throws Exception {
        Map<String, String> files = FakeRun.standard();
        files.put(file, FakeRun.scaled(files.get(file), rowPrefix, column, f));
        return FakeRun.make(tmp.resolve("new"), files);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> verdictLines() throws Exception {
        Map<String, Object> v = (Map<String, Object>) Json.parse(Files.readString(tmp.resolve("cmp.verdict.json")));
        return (List<Map<String, Object>>) ((Map<String, Object>) ((List<Object>) v.get("runs")).get(0)).get("lines");
    }

    private Map<String, Object> line(String label, String config) throws Exception {
        return verdictLines().stream().filter(l -> l.get("label").equals(label) && l.get("configuration").equals(config)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + label + " " + config));
    }

    @Test
    void aPlantedThroughputRegressionFailsTheGateAndIsNamed() throws Exception {
        Path news = changed("pipeline.csv", "lbq,", "throughput_eps", v -> v * 0.7);
        assertThat(compare(base(), news, "--fail-on", "regression")).isEqualTo(1);
        String lbq = "transport=lbq producers=1 wait=block work=1 workers=1";
        assertThat(out.toString()).contains("regression: b worse than a by more than 5 %").contains(lbq).contains("exit 1");
        assertThat(line("pipeline throughput", lbq).get("gate")).isEqualTo("regression");
        assertThat(line("pipeline throughput", lbq).get("gate_verdict").toString())
                .contains("one-sided exact Mann–Whitney", "5 vs 5 forks", "Holm over 4", "α = 0.05");
        assertThat(verdictLines()).filteredOn(l -> "regression".equals(l.get("gate"))).hasSize(1);
        String junit = Files.readString(tmp.resolve("cmp.junit.xml"));
        assertThat(junit).contains("failures=\"1\"").contains("<failure type=\"regression\"")
                .contains("name=\"pipeline throughput: " + lbq + "\"");
        // the two-sided verdict says the same, with its test and level
        assertThat(line("pipeline throughput", lbq).get("difference")).isEqualTo("worse");
        assertThat(line("pipeline throughput", lbq).get("difference_verdict").toString()).startsWith("b worse (lower) (p = ")
                .contains("exact Mann–Whitney, 5 vs 5 forks", "α = 0.05");
    }

    @Test
    void aLatencyRegressionFailsTooWhileAnImprovementDoesNot() throws Exception {
        Path worse = changed("rtt.csv", "abq,", "p99_ns", v -> v * 1.5);
        assertThat(compare(base(), worse, "--fail-on", "regression")).isEqualTo(1);
        assertThat(line("RTT p99", "transport=abq producers=1 burst=1 wait=park").get("gate")).isEqualTo("regression");
        Path better = FakeRun.make(tmp.resolve("better"), Map.of("rtt.csv", FakeRun.scaled(FakeRun.RTT, "abq,", "p99_ns", v -> v * 0.5),
                "pipeline.csv", FakeRun.PIPELINE));
        assertThat(compare(base(), better, "--fail-on", "regression")).isZero();
        assertThat(line("RTT p99", "transport=abq producers=1 burst=1 wait=park").get("difference")).isEqualTo("better");
    }

    @Test
    void aRunComparedWithItselfPasses() throws Exception {
        Path a = base();
        assertThat(compare(a, a, "--fail-on", "regression")).isZero();
        assertThat(verdictLines()).isNotEmpty().noneMatch(l -> "regression".equals(l.get("gate")))
                .noneMatch(l -> "worse".equals(l.get("difference")) || "better".equals(l.get("difference")));
        assertThat(Files.readString(tmp.resolve("cmp.junit.xml"))).contains("failures=\"0\"");
    }

    @Test
    void theThresholdIsRespected() throws Exception {
        Path tenPercentWorse = changed("pipeline.csv", "abq,", "throughput_eps", v -> v * 0.9);
        assertThat(compare(base(), tenPercentWorse, "--fail-on", "regression")).as("default 5 %").isEqualTo(1);
        assertThat(compare(base(), tenPercentWorse, "--fail-on", "regression", "--threshold", "20%")).isZero();
        assertThat(line("pipeline throughput", "transport=abq producers=1 wait=block work=1 workers=1").get("gate_verdict").toString())
                .startsWith("no regression beyond 20 %");
        assertThat(compare(base(), tenPercentWorse, "--fail-on", "regression", "--threshold", "2.5")).isEqualTo(1);
    }

    @Test
    void withoutFailOnARegressionIsReportedButExitsZero() throws Exception {
        Path news = changed("pipeline.csv", "lbq,", "throughput_eps", v -> v * 0.7);
        assertThat(compare(base(), news)).isZero();
        assertThat(line("pipeline throughput", "transport=lbq producers=1 wait=block work=1 workers=1").get("gate")).isEqualTo("regression");
    }

    @Test
    void aFlaggedRowIsListedButNeverGates() throws Exception {
        Path news = changed("pipeline.csv", "clq,", "throughput_eps", v -> v * 0.5);
        assertThat(compare(base(), news, "--fail-on", "regression")).isZero();
        Map<String, Object> clq = line("pipeline throughput", "transport=clq producers=1 wait=park work=1 workers=1");
        assertThat(clq.get("gate")).isEqualTo("flagged");
        assertThat(clq.get("flags")).isEqualTo(List.of("oversubscribed"));
        assertThat(clq.get("gate_verdict").toString()).contains("never gates");
    }

    @Test
    void forksTooFewToResolveAreSaidToBeSoAndNeverFail() throws Exception {
        String two = "transport,producers,wait,work,workers,throughput_eps,throughput_eps_forks,forks,status\n"
                + "abq,1,block,1,1,100,99;101,2,ok\n";
        String twoWorse = two.replace("100,99;101", "50,49;51");
        Path a = FakeRun.make(tmp.resolve("a2"), Map.of("pipeline.csv", two));
        Path b = FakeRun.make(tmp.resolve("b2"), Map.of("pipeline.csv", twoWorse));
        assertThat(compare(a, b, "--fail-on", "regression")).isZero();
        assertThat(verdictLines().get(0).get("gate_verdict").toString()).startsWith("cannot be resolved at α = 0.05 with 2 vs 2 forks");
    }

    /** Four lines of 3 vs 3 forks: each could reach 0.05 alone (1/20), but not Holm over four; the gate says it cannot fail. */
    @Test
    @SuppressWarnings("unchecked")
    void aGateItsForksCannotTripSaysSo() throws Exception {
        String three = "transport,producers,wait,work,workers,throughput_eps,throughput_eps_forks,forks,status\n"
                + FakeRun.row("abq,1,block,1,1", 100, 3, "false").replace(",false,false\n", "\n")
                + FakeRun.row("lbq,1,block,1,1", 100, 3, "false").replace(",false,false\n", "\n")
                + FakeRun.row("clq,1,block,1,1", 100, 3, "false").replace(",false,false\n", "\n")
                + FakeRun.row("mtoca,1,block,1,1", 100, 3, "false").replace(",false,false\n", "\n");
        Path a = FakeRun.make(tmp.resolve("a3"), Map.of("pipeline.csv", three));
        Path b = FakeRun.make(tmp.resolve("b3"), Map.of("pipeline.csv", FakeRun.scaled(three, "abq,", "throughput_eps", v -> v * 0.5)));
        assertThat(compare(a, b, "--fail-on", "regression")).isZero();
        assertThat(out.toString()).contains("With these forks the gate cannot find any regression: the smallest p they allow (0.05) "
                + "times the 4 lines tested exceeds α");
        Map<String, Object> v = (Map<String, Object>) Json.parse(Files.readString(tmp.resolve("cmp.verdict.json")));
        Map<String, Object> run = (Map<String, Object>) ((List<Object>) v.get("runs")).get(0);
        assertThat(run.get("gate_can_fail")).isEqualTo(false);
        assertThat(run.get("gate_family")).isEqualTo(4.0);
        assertThat(compare(FakeRun.make(tmp.resolve("a5"), FakeRun.standard()), FakeRun.make(tmp.resolve("b5"), FakeRun.standard())))
                .isZero();
        assertThat(((Map<String, Object>) ((List<Object>) ((Map<String, Object>) Json.parse(Files.readString(tmp.resolve("cmp.verdict.json"))))
                .get("runs")).get(0)).get("gate_can_fail")).as("5 vs 5 forks, 4 lines").isEqualTo(true);
    }

    @Test
    void badArgumentsAreOneLineExitTwoAndWriteNothing() throws Exception {
        Path a = base();
        String[][] cases = {{"--fail-on", "slower"}, {"--threshold", "150%"}, {"--threshold", "five"}, {"--threshold", "-1"}};
        for (String[] c : cases) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            assertThat(compare(a, a, c)).as(String.join(" ", c)).isEqualTo(2);
            assertThat(err.toString().strip()).startsWith("handoff: compare: " + c[0] + " '" + c[1] + "' is not allowed; allowed: ")
                    .doesNotContain("\n");
            assertThat(out.toString()).isEmpty();
            assertThat(tmp.resolve("cmp.png")).doesNotExist();
            assertThat(tmp.resolve("cmp.verdict.json")).doesNotExist();
        }
    }
}
