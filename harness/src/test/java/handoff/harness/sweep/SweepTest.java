package handoff.harness.sweep;

import handoff.harness.cli.Main;
import handoff.harness.results.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sweep end to end with real trial JVMs: results, injected faults (each recorded, the sweep goes on),
 * and interrupt-then-resume giving the same rows as an uninterrupted run.
 */
class SweepTest {
    private static final String[] TINY = {"--profile", "smoke", "--suites", "rtt", "--bursts", "100", "--quiet"};

    @TempDir
    Path out;

    @Test
    void smokeRttProducesRowsHistogramsAndManifest() throws Exception {
        Path run = sweep("--transports", "abq,baseline");
        List<Map<String, String>> rows = csv(run.resolve("rtt.csv"));
        assertThat(rows).extracting(r -> r.get("transport")).containsExactly("nanotime", "abq", "baseline");
        assertThat(rows).allSatisfy(r -> assertThat(r.get("status")).isEqualTo("ok"));
        assertThat(rows).allSatisfy(r -> assertThat(Long.parseLong(r.get("samples"))).isPositive());
        Map<String, String> abq = rows.get(1);
        assertThat(Long.parseLong(abq.get("p50_ns"))).isLessThanOrEqualTo(Long.parseLong(abq.get("p99_ns")));
        assertThat(Long.parseLong(abq.get("p99_ns"))).isLessThanOrEqualTo(Long.parseLong(abq.get("max_ns")));
        Path hgrm = run.resolve(abq.get("hgrm"));
        String text = Files.readString(hgrm);
        assertThat(handoff.harness.results.PlotFiles.points(text)).as("opens in HdrHistogram's plotFiles.html").isNotEmpty();
        // HdrHistogram pads the footer's numbers to a fixed width: "#[Max     =       164351.000, ..."
        assertThat(text).as("the max survives in the standard form's footer").containsPattern("#\\[Max\\s+=\\s+" + abq.get("max_ns") + "\\.0");
        // the why-metrics of every measured row, and the run-level files for tools
        for (Map<String, String> r : rows.subList(1, rows.size())) {
            assertThat(r.get("vcsw_per_op")).as("vcsw_per_op of " + r.get("transport")).isNotEmpty();
            assertThat(r.get("ivcsw_per_op")).isNotEmpty();
            assertThat(Double.parseDouble(r.get("cpu_ns_per_op_producers")) + Double.parseDouble(r.get("cpu_ns_per_op_consumers")))
                    .as("a spinning pair burns CPU").isPositive();
            assertThat(r.get("safepoint_ms")).as("trial JVMs can read their safepoint time").isNotEmpty();
            assertThat(handoff.harness.results.IntervalLog.read(run.resolve(r.get("hlog"))).intervals()).isNotEmpty();
        }
        assertThat(run.resolve("summary.json")).isRegularFile();
        assertThat(run.resolve("latency-over-time.csv")).isRegularFile();
        assertThat(run.resolve("spikes.csv")).isRegularFile();
        String manifest = Files.readString(run.resolve("manifest.json"));
        assertThat(manifest).contains("\"status\": \"complete\"").contains("\"git_commit\"").contains("\"cpu_model\"")
                .contains("\"counts\": \"3 ok, 0 failed, 0 timeout, 0 n/a, 0 skipped\"");
    }

    /**
     * Workers per stage reach the trial JVM (the row carries the shape, and its thread count includes every
     * worker), and a transport with a single-consumer hop is n/a for a pool, saying why.
     */
    @Test
    void workerPoolsAreRunWhereTheTransportCanShareAHop() throws Exception {
        Path run = sweepWith(List.of("--profile", "smoke", "--suites", "pipeline", "--transports", "abq,mtoca",
                "--wait", "park", "--workers", "2:2:1", "--quiet"));
        List<Map<String, String>> rows = csv(run.resolve("pipeline.csv"));
        assertThat(rows).hasSize(2).allSatisfy(r -> assertThat(r.get("workers")).isEqualTo("2:2:1"));
        Map<String, String> abq = rows.get(0);
        assertThat(abq.get("status")).isEqualTo("ok");
        assertThat(Double.parseDouble(abq.get("throughput_eps"))).isPositive();
        assertThat(abq.get("threads")).as("1 producer + 5 workers + the JMH thread").isEqualTo("7");
        assertThat(rows.get(1).get("status")).startsWith("n/a:").contains("one consumer per hop");
        Object merged = handoff.harness.results.Json.parse(Files.readString(run.resolve("jmh-all.json")));
        assertThat(merged).as("one JSON array with the one JMH trial that ran").isInstanceOf(List.class);
        assertThat((List<?>) merged).hasSize(1);
        // issue 48: JMH wrote beside the result file, which was moved into place only once whole
        assertThat(handoff.harness.results.JmhFiles.ignored(run)).isEmpty();
        try (Stream<Path> jmh = Files.list(run.resolve("jmh"))) {
            assertThat(jmh.map(f -> f.getFileName().toString()).toList()).singleElement().asString().endsWith(".json").doesNotStartWith(".");
        }
        assertThat(abq.get("vcsw_per_op")).isNotEmpty();
        assertThat(abq.get("perfnorm")).matches("ok|n/a: .+");
    }

    @Test
    void hungTrialTimesOutAndTheSweepGoesOn() throws Exception {
        Path run = sweep("--transports", "abq,clq", "--fault", "hang", "--trial-timeout", "3");
        List<Map<String, String>> rows = csv(run.resolve("rtt.csv"));
        assertThat(rows).hasSize(3).allSatisfy(r -> assertThat(r.get("status")).isEqualTo("timeout"));
        assertThat(rows).allSatisfy(r -> assertThat(r.get("p50_ns")).isEmpty());
    }

    @Test
    void deadJvmIsAFailedTrialWithItsExitCode() throws Exception {
        Path run = sweep("--transports", "abq", "--fault", "die");
        assertThat(csv(run.resolve("rtt.csv"))).allSatisfy(r ->
                assertThat(r.get("status")).startsWith("failed:JVM exited with code 66"));
    }

    @Test
    void throwingStageLostAndDuplicatedEventsAreFailedTrials() throws Exception {
        for (String fault : List.of("throw", "lose", "duplicate")) {
            Path run = sweep("--transports", "abq,jctools", "--fault", fault);
            List<Map<String, String>> rows = csv(run.resolve("rtt.csv"));
            assertThat(rows.subList(1, rows.size())).as(fault).hasSize(2).allSatisfy(r -> {
                assertThat(r.get("status")).startsWith("failed:");
                assertThat(r.get("mean_ns")).isEmpty();
            });
        }
    }

    @Test
    void interruptedRunKeepsItsTrialsAndResumesToTheSameRows() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "handoff.harness.cli.Main", "sweep", "--out", out.toString()));
        cmd.addAll(Arrays.asList(TINY));
        cmd.addAll(List.of("--transports", "abq,lbq,clq,jctools,baseline"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.resolve("sweep.log").toFile()).start();
        Path run = awaitRunFolder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (trialCount(run) < 2 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        p.destroy(); // SIGTERM, as Ctrl-C or a scheduler would
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        int kept = trialCount(run);
        assertThat(kept).isBetween(2, 5);
        assertThat(Files.readString(run.resolve("manifest.json"))).contains("\"status\": \"interrupted\"");
        // issue 48: what it planned is in its own record, written before its first trial, whatever ran
        Map<?, ?> manifest = (Map<?, ?>) handoff.harness.results.Json.parse(Files.readString(run.resolve("manifest.json")));
        int planned = ((List<?>) manifest.get(handoff.harness.report.RecordedPlan.KEY)).size();

        assertThat(execute("sweep", "--resume", run.toString(), "--quiet")).isZero();
        assertThat(Files.readString(run.resolve("manifest.json"))).contains("\"status\": \"complete\"")
                .contains("\"resumed_utc\": \"20");
        Path fresh = sweep("--transports", "abq,lbq,clq,jctools,baseline");
        assertThat(keys(csv(run.resolve("rtt.csv")))).isEqualTo(keys(csv(fresh.resolve("rtt.csv"))));
        assertThat(csv(run.resolve("rtt.csv"))).allSatisfy(r -> assertThat(r.get("status")).isEqualTo("ok"));
        assertThat(planned).as("configurations the interrupted run's manifest recorded").isEqualTo(csv(run.resolve("rtt.csv")).size());
    }

    @Test
    void aFolderAnotherSweepHoldsIsRefusedAndLeftAlone() throws Exception {
        Path run = sweep("--transports", "abq");
        String before = Files.readString(run.resolve("manifest.json"));
        try (var channel = java.nio.channels.FileChannel.open(run.resolve(".sweep.lock"),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
             var lock = channel.lock()) {
            assertThat(execute("sweep", "--resume", run.toString(), "--quiet")).isEqualTo(2);
        }
        assertThat(Files.readString(run.resolve("manifest.json"))).isEqualTo(before);
    }

    private static List<String> keys(List<Map<String, String>> rows) {
        return rows.stream().map(r -> r.get("transport") + "/" + r.get("producers") + "/" + r.get("burst") + "/" + r.get("wait")).toList();
    }

    private Path awaitRunFolder() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (Stream<Path> s = Files.list(out)) {
                var dir = s.filter(d -> RunFolder.isRun(d)).findFirst();
                if (dir.isPresent()) {
                    return dir.get();
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no run folder appeared: " + Files.readString(out.resolve("sweep.log")));
    }

    private static int trialCount(Path run) throws Exception {
        Path trials = run.resolve("trials");
        if (!Files.isDirectory(trials)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(trials)) {
            return (int) s.filter(f -> f.toString().endsWith(".properties")).count();
        }
    }

    private Path sweep(String... extra) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(TINY));
        args.addAll(Arrays.asList(extra));
        return sweepWith(args);
    }

    private Path sweepWith(List<String> options) throws Exception {
        Path root = Files.createTempDirectory(out, "runs");
        List<String> args = new ArrayList<>(List.of("sweep", "--out", root.toString()));
        args.addAll(options);
        assertThat(execute(args.toArray(String[]::new))).isZero();
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(RunFolder::isRun).findFirst().orElseThrow();
        }
    }

    private static int execute(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(new StringWriter()));
        return cl.execute(args);
    }

    static List<Map<String, String>> csv(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        String[] header = lines.get(0).split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new java.util.LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], i < cells.length ? cells[i] : "");
            }
            rows.add(row);
        }
        return rows;
    }
}
