package handoff.harness.gate;

import handoff.harness.results.CsvFormat;
import handoff.harness.trial.BuildAxis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The verdict of a run of two builds, on run folders in the real formats: five RTT rows of the 2-vCPU reference run,
 * each as a BASE and a HEAD row (the build column) of 20 rounds whose per-round values scatter by a made-up 3 % (the
 * test's, not a measurement). Identical builds: no regression, and the run could have found one (exit 0 with
 * {@code --fail-on regression}); one row 1.2× slower: a regression, named (exit 1); a row whose HEAD trials failed, or too
 * few rounds to find twice the threshold: could not judge, and what is missing is named (exit 3); no {@code --fail-on}: 0.
 */
class AbVerdictTest {
    private static final Path REFERENCE = Path.of("../results/20261126-154957-9042223");
    private static final Predicate<Map<String, String>> ROWS = r -> "1".equals(r.get("producers")) && "100".equals(r.get("burst"))
            && "spin".equals(r.get("wait")) && List.of("baseline", "abq", "lbq", "clq", "mtorb").contains(r.get("transport"));

    @TempDir
    Path tmp;

    /** An ab run folder: each row's HEAD × {@code slower} where {@code slowed} picks it; {@code failed} makes its HEAD row failed. */
    Path run(String id, int rounds, double slower, String slowed, String failed) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(id));
        String m = Files.readString(REFERENCE.resolve("manifest.json"), StandardCharsets.UTF_8);
        String ab = "\"ab\": {\"base\": {\"given\": \"HEAD~1\", \"commit\": \"1111111aaaa\", \"sha256\": \"aa\", \"build_info\": {\"version\": \"0.1\","
                + " \"commit\": \"1111111\", \"dirty\": \"false\", \"built\": \"2026-01-01T00:00:00Z\"}}, \"head\": {\"given\": \"HEAD\","
                + " \"commit\": \"2222222bbbb\", \"sha256\": \"bb\", \"build_info\": {}}, \"rounds\": " + rounds + ", \"seed\": 5,"
                + " \"order\": [\"head,base\", \"base,head\"]},";
        Files.writeString(dir.resolve("manifest.json"), m.replaceFirst("\"plan\": \\{", "\"plan\": {" + java.util.regex.Matcher.quoteReplacement(ab)),
                StandardCharsets.UTF_8);
        String text = Files.readString(REFERENCE.resolve("rtt.csv"), StandardCharsets.UTF_8);
        List<String> header = new ArrayList<>(CsvFormat.header(text));
        header.add(BuildAxis.CONFIG);
        List<Map<String, String>> out = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom(id.hashCode());
        for (Map<String, String> r : CsvFormat.parse(text)) {
            if (!ROWS.test(r)) {
                continue;
            }
            double centre = Double.parseDouble(r.get("p50_ns"));
            double[] base = new double[rounds];
            double[] head = new double[rounds];
            double f = r.get("transport").equals(slowed) ? slower : 1;
            for (int i = 0; i < rounds; i++) {
                double spell = Math.exp(0.1 * rnd.nextGaussian()); // shared by the round: cancels in its ratio
                base[i] = centre * spell * Math.exp(0.03 * rnd.nextGaussian());
                head[i] = centre * f * spell * Math.exp(0.03 * rnd.nextGaussian());
            }
            out.add(row(r, BuildAxis.BASE, base, false));
            out.add(row(r, BuildAxis.HEAD, head, r.get("transport").equals(failed)));
        }
        Files.writeString(dir.resolve("rtt.csv"), CsvFormat.render(header, out), StandardCharsets.UTF_8);
        return dir;
    }

    private static Map<String, String> row(Map<String, String> r, String build, double[] forks, boolean failed) {
        Map<String, String> row = new LinkedHashMap<>(r);
        row.put(BuildAxis.CONFIG, build);
        List<String> cells = new ArrayList<>();
        for (double v : forks) {
            cells.add(String.format(Locale.ROOT, "%.1f", v));
        }
        row.put("p50_ns_forks", failed ? "" : String.join(";", cells));
        row.put("p50_ns", failed ? "" : String.format(Locale.ROOT, "%.1f", java.util.Arrays.stream(forks).sorted().toArray()[forks.length / 2]));
        row.put("forks", Integer.toString(forks.length));
        row.put("status", failed ? "failed:no round trip completed in the measurement window" : "ok");
        return row;
    }

    @Test
    void identicalBuildsPassAndTheRunCouldHaveFoundARegression() throws Exception {
        AbVerdict v = AbVerdict.of(run("same", 20, 1, "", ""), 0.10);
        assertThat(v.regression()).isFalse();
        assertThat(v.missing()).isEmpty();
        assertThat(v.exit(true)).isEqualTo(GateExit.NONE);
        assertThat(v.markdown()).contains("**Verdict: no regression beyond 10 %.**").contains("**Power.**")
                .contains("- BASE: `HEAD~1`, commit 1111111").contains("- HEAD: `HEAD`, commit 2222222").contains("seed 5")
                .contains("| RTT p50: transport=clq");
    }

    @Test
    void oneRowSlowerByTwiceTheThresholdIsARegressionNamed() throws Exception {
        AbVerdict v = AbVerdict.of(run("slow", 20, 1.2, "clq", ""), 0.10);
        assertThat(v.regression()).isTrue();
        assertThat(v.regressed()).singleElement().asString().contains("transport=clq").contains("1.2");
        assertThat(v.exit(true)).isEqualTo(GateExit.REGRESSION);
        assertThat(v.exit(false)).isEqualTo(GateExit.NONE);
        assertThat(v.markdown()).contains("**Verdict: regression.** 1 of 5 rows regressed beyond 10 %").contains("**regressed beyond 10 %**");
    }

    @Test
    void whatCannotBeJudgedIsNamed() throws Exception {
        AbVerdict failed = AbVerdict.of(run("failed", 20, 1, "", "lbq"), 0.10);
        assertThat(failed.regression()).isFalse();
        assertThat(failed.missing()).singleElement().asString().contains("transport=lbq").contains("HEAD's trials are not all ok");
        assertThat(failed.exit(true)).isEqualTo(GateExit.CANNOT_JUDGE);
        assertThat(failed.markdown()).contains("**Verdict: could not judge.**");

        AbVerdict few = AbVerdict.of(run("few", 2, 1, "", ""), 0.10); // two rounds: fewer than a test verdict needs (Stats.MIN_FORKS)
        assertThat(few.missing()).anyMatch(m -> m.contains("2 rounds hold both builds")).last().asString().contains("No row could be tested");
        assertThat(few.exit(true)).isEqualTo(GateExit.CANNOT_JUDGE);
    }

    /** {@code ab --judge DIR} judges a finished run again, nothing built or run: the same verdict, ab.md rewritten, the gate's exit. */
    @Test
    void aFinishedRunIsJudgedAgainByTheCommandLine() throws Exception {
        Path slow = run("slow", 20, 1.2, "clq", "");
        java.io.StringWriter out = new java.io.StringWriter();
        picocli.CommandLine cl = handoff.harness.cli.Main.commandLine();
        cl.setOut(new java.io.PrintWriter(out));
        cl.setErr(new java.io.PrintWriter(new java.io.StringWriter()));
        assertThat(cl.execute("ab", "--judge", slow.toString(), "--fail-on", "regression")).as(out.toString()).isEqualTo(GateExit.REGRESSION);
        assertThat(Files.readString(slow.resolve("ab.md"))).isEqualTo(AbVerdict.of(slow, 0.10).markdown());
        assertThat(cl.execute("ab", "--judge", slow.toString(), "--threshold", "50")).as("no --fail-on").isZero();
        assertThat(Files.readString(slow.resolve("ab.md"))).contains("**Verdict: no regression beyond 50 %.**");
        assertThat(cl.execute("ab", "--judge", slow.toString(), "HEAD")).as("BASE or HEAD beside --judge").isEqualTo(2);
        assertThat(cl.execute("ab", "--judge", tmp.resolve("none").toString())).as("not a run folder").isEqualTo(2);
        assertThat(cl.execute("ab", "HEAD")).as("HEAD alone").isEqualTo(2);
    }
}
