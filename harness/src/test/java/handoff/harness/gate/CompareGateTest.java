package handoff.harness.gate;

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
        assertThat(out.toString()).contains("regression: b worse than a by more than 10 %").contains(lbq).contains("exit 1");
        assertThat(line("pipeline throughput", lbq).get("gate")).isEqualTo("regression");
        // the family: the declared headline rows (pipeline throughput P = 1, one worker a stage; RTT p50 at P = 1), unflagged
        assertThat(line("pipeline throughput", lbq).get("gate_verdict").toString())
                .contains("one-sided Welch t on log per-fork values", "5 vs 5 forks", "Holm over 4", "α = 0.025", "finds ≥");
        // a line of 5 forks a run is tested alone beside the rows together, at α/2 (docs/statistics.md §11)
        assertThat(out.toString()).contains("The headline rows together (4 lines");
        assertThat(verdictLines()).filteredOn(l -> "regression".equals(l.get("gate"))).hasSize(1);
        String junit = Files.readString(tmp.resolve("cmp.junit.xml"));
        assertThat(junit).contains("failures=\"1\"").contains("<failure type=\"regression\"")
                .contains("name=\"pipeline throughput: " + lbq + "\"");
        // the two-sided verdict says the same, with its test and level
        assertThat(line("pipeline throughput", lbq).get("difference")).isEqualTo("worse");
        assertThat(line("pipeline throughput", lbq).get("difference_verdict").toString()).startsWith("b worse (lower) (Holm-adjusted p = ")
                .contains("Welch t on log per-fork values, 5 vs 5 forks", "α = 0.05");
    }

    @Test
    void aLatencyRegressionFailsTooWhileAnImprovementDoesNot() throws Exception {
        Path worse = changed("rtt.csv", "abq,", "p50_ns", v -> v * 1.5);
        assertThat(compare(base(), worse, "--fail-on", "regression")).isEqualTo(1);
        assertThat(line("RTT p50", "transport=abq producers=1 burst=1 wait=park").get("gate")).isEqualTo("regression");
        Path better = FakeRun.make(tmp.resolve("better"), Map.of("rtt.csv", FakeRun.scaled(FakeRun.RTT, "abq,", "p50_ns", v -> v * 0.5),
                "pipeline.csv", FakeRun.PIPELINE));
        assertThat(compare(base(), better, "--fail-on", "regression")).isZero();
        assertThat(line("RTT p50", "transport=abq producers=1 burst=1 wait=park").get("difference")).isEqualTo("better");
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
        // 0.8× the throughput: worse by 25 % (the worse-way ratio 1.25)
        Path worse = changed("pipeline.csv", "abq,", "throughput_eps", v -> v * 0.8);
        assertThat(compare(base(), worse, "--fail-on", "regression")).as("default 10 %").isEqualTo(1);
        assertThat(compare(base(), worse, "--fail-on", "regression", "--threshold", "40%")).isZero();
        assertThat(line("pipeline throughput", "transport=abq producers=1 wait=block work=1 workers=1").get("gate_verdict").toString())
                .startsWith("no regression beyond 40 %");
        assertThat(compare(base(), worse, "--fail-on", "regression", "--threshold", "2.5")).isEqualTo(1);
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
    void oneForkARowCannotBeTestedAndTheGateSaysItCannotFail() throws Exception {
        String one = "transport,producers,wait,work,workers,throughput_eps,throughput_eps_forks,forks,status\n"
                + "abq,1,block,1,1,100,100,1,ok\n";
        Path a = FakeRun.make(tmp.resolve("a1"), Map.of("pipeline.csv", one));
        Path b = FakeRun.make(tmp.resolve("b1"), Map.of("pipeline.csv", one.replace("100,100", "50,50")));
        assertThat(compare(a, b, "--fail-on", "regression")).isEqualTo(3);
        assertThat(out.toString()).contains("No headline line could be tested, so the gate cannot fail (exit 3 with --fail-on)")
                .contains("exit 3");
        assertThat(verdictLines().get(0).get("gate_verdict").toString()).startsWith("untested: a headline row without two per-fork values");
    }

    /** Forks that scatter over 1.5× leave no line able to find a regression of twice the threshold: exit 3, never 0. */
    @Test
    @SuppressWarnings("unchecked")
    void aGateItsForksCannotTripSaysSoAndExitsThree() throws Exception {
        // the scatter is shared by each round (a slow spell), so the rows together are as scattered as each line
        String wide = "transport,producers,wait,work,workers,throughput_eps,throughput_eps_forks,forks,status\n"
                + "abq,1,block,1,1,100,70;100;140,3,ok\n" + "lbq,1,block,1,1,100,70;100;140,3,ok\n";
        Path a = FakeRun.make(tmp.resolve("a3"), Map.of("pipeline.csv", wide));
        Path b = FakeRun.make(tmp.resolve("b3"), Map.of("pipeline.csv", wide));
        assertThat(compare(a, b, "--fail-on", "regression")).isEqualTo(3);
        assertThat(out.toString()).contains("with these forks neither the rows together nor a line tested alone would find a regression of twice the threshold")
                .contains("the gate cannot fail (exit 3 with --fail-on)");
        Map<String, Object> v = (Map<String, Object>) Json.parse(Files.readString(tmp.resolve("cmp.verdict.json")));
        Map<String, Object> run = (Map<String, Object>) ((List<Object>) v.get("runs")).get(0);
        assertThat(run.get("gate_can_fail")).isEqualTo(false);
        // the standard runs' 5 tight forks a row can
        assertThat(compare(FakeRun.make(tmp.resolve("a5"), FakeRun.standard()), FakeRun.make(tmp.resolve("b5"), FakeRun.standard()),
                "--fail-on", "regression")).isZero();
        assertThat(((Map<String, Object>) ((List<Object>) ((Map<String, Object>) Json.parse(Files.readString(tmp.resolve("cmp.verdict.json"))))
                .get("runs")).get(0)).get("gate_can_fail")).as("5 vs 5 forks").isEqualTo(true);
    }

    /** Without --out, --markdown or --figure nothing is written: never files in the folder compare was started from. */
    @Test
    void withoutAPlaceToWriteNothingIsWritten() throws Exception {
        Path a = base();
        CommandLine cl = new CommandLine(new CompareCommand());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        java.io.File cwd = new java.io.File(".").getAbsoluteFile();
        java.util.Set<String> before = java.util.Set.of(java.util.Objects.requireNonNull(cwd.list()));
        assertThat(cl.execute(a.toString(), a.toString())).isZero();
        assertThat(java.util.Set.of(java.util.Objects.requireNonNull(cwd.list()))).isEqualTo(before);
        assertThat(out.toString()).contains("compare: no files written");
        Path dir = tmp.resolve("gate-out");
        assertThat(new CommandLine(new CompareCommand()).execute(a.toString(), a.toString(), "--out", dir.toString())).isZero();
        assertThat(Files.list(dir).map(f -> f.getFileName().toString()).toList()).anyMatch(n -> n.endsWith(".verdict.json"))
                .anyMatch(n -> n.endsWith(".junit.xml")).anyMatch(n -> n.endsWith(".md"));
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
