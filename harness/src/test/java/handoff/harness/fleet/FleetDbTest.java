package handoff.harness.fleet;

import handoff.harness.page.CsvFile;
import handoff.harness.page.TextLine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code collect} into a temporary DuckDB file, then the README's three queries (the resource files it cites), checked
 * against the runs' own CSV cells: the pipeline's {@code throughput_eps} and RTT's {@code p50_fork_median_ns} (each the
 * median over the row's forks, as the file writes it), never against the database's own arithmetic.
 */
class FleetDbTest {
    @TempDir
    static Path tmp;
    static Path a;
    static Path b;
    static Path c;

    @BeforeAll
    static void runs() throws Exception {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        a = SyntheticRuns.write(runs, "20260101-000000-aaaaaaa", "AMD EPYC", 2, "17.0.15+6", "aaaaaaa1", "2026-01-01T00:00:00Z", Map.of());
        b = SyntheticRuns.write(runs, "20260102-000000-bbbbbbb", "AMD EPYC", 2, "21.0.5+11", "bbbbbbb2", "2026-01-02T00:00:00Z",
                Map.of("mtoca", 0.5, "clq", 2.0));
        c = SyntheticRuns.write(runs, "20260103-000000-ccccccc", "Intel Xeon", 16, "17.0.15+6", "ccccccc3", "2026-01-03T00:00:00Z",
                Map.of("abq", 4.0, "baseline", 2.0));
    }

    static int collect(Path db, StringWriter err, String... runs) {
        List<String> args = new ArrayList<>(List.of(runs));
        args.add("--into");
        args.add(db.toString());
        CommandLine cl = new CommandLine(new CollectCommand());
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args.toArray(String[]::new));
    }

    static String sql(String name) throws Exception {
        try (InputStream in = FleetDbTest.class.getResourceAsStream("/handoff/fleet/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static List<Map<String, Object>> query(Path db, String text) throws Exception {
        List<Map<String, Object>> out = new ArrayList<>();
        try (Connection con = Duck.open(db, null); Statement s = con.createStatement(); ResultSet r = s.executeQuery(text)) {
            while (r.next()) {
                Map<String, Object> m = new LinkedHashMap<>();
                for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                    m.put(r.getMetaData().getColumnLabel(i), r.getObject(i));
                }
                out.add(m);
            }
        }
        return out;
    }

    /** The row of a run's CSV with these cells. */
    static TextLine row(Path run, String file, Map<String, String> cells) throws Exception {
        return CsvFile.read(run.resolve(file)).ok().stream().filter(r -> cells.entrySet().stream().allMatch(e -> r.get(e.getKey()).equals(e.getValue())))
                .reduce((x, y) -> {
                    throw new AssertionError("two rows match " + cells);
                }).orElseThrow(() -> new AssertionError("no row " + cells + " in " + run.resolve(file)));
    }

    static String cell(String file) {
        return file.equals("pipeline.csv") ? "throughput_eps" : "p50_fork_median_ns";
    }

    static String s(Object o) {
        return o == null ? "" : o.toString();
    }

    @Test
    void theReadmeQueriesGiveTheNumbersOfTheRunsOwnCsvs() throws Exception {
        Path db = tmp.resolve("three.duckdb");
        assertThat(collect(db, new StringWriter(), tmp.resolve("runs").toString())).isZero();

        // (a) ratios to each run's own reference
        List<Map<String, Object>> ratios = query(db, sql("ratio-to-reference.sql"));
        int expected = 0;
        for (Path run : List.of(a, b, c)) {
            for (String file : List.of("pipeline.csv", "rtt.csv")) {
                String ref = file.equals("pipeline.csv") ? "abq" : "baseline";
                for (TextLine r : CsvFile.read(run.resolve(file)).ok()) {
                    boolean hasRef = CsvFile.read(run.resolve(file)).ok().stream().anyMatch(x -> x.get("transport").equals(ref) && x.get("wait").equals(r.get("wait")));
                    expected += !r.get("transport").equals(ref) && hasRef ? 1 : 0;
                }
            }
        }
        assertThat(ratios).hasSize(expected).hasSizeGreaterThan(20);
        for (Map<String, Object> q : ratios) {
            Path run = tmp.resolve("runs").resolve(s(q.get("run_id")));
            String file = s(q.get("file"));
            Map<String, String> keys = new LinkedHashMap<>(Map.of("transport", s(q.get("transport")), "wait", s(q.get("wait")), "producers", s(q.get("producers"))));
            TextLine r = row(run, file, keys);
            keys.put("transport", file.equals("pipeline.csv") ? "abq" : "baseline");
            TextLine ref = row(run, file, keys);
            assertThat((Double) q.get("ratio_to_reference")).as("%s", q)
                    .isCloseTo(r.num(cell(file)) / ref.num(cell(file)), within(1e-6 * r.num(cell(file)) / ref.num(cell(file))));
        }
        // a planted difference shows: run b's mtoca was halved, run c's baseline doubled (its ratios halve)
        assertThat(ratios.stream().filter(q -> s(q.get("run_id")).equals(s(b.getFileName())) && s(q.get("transport")).equals("mtoca")
                && s(q.get("file")).equals("pipeline.csv")).count()).isEqualTo(1);

        // (b) over commits on one box: abq spin P=1 burst 1 on the 2-CPU box, a then b
        List<Map<String, Object>> commits = query(db, sql("over-commits.sql"));
        assertThat(commits).extracting(q -> s(q.get("commit"))).containsExactly("aaaaaaa1", "bbbbbbb2");
        for (Map<String, Object> q : commits) {
            TextLine r = row(tmp.resolve("runs").resolve(s(q.get("run_id"))), "rtt.csv", Map.of("transport", "abq", "wait", "spin", "burst", "1", "producers", "1"));
            assertThat((Double) q.get("median_over_forks")).isCloseTo(r.num("p50_fork_median_ns"), within(1e-9));
            assertThat(((Number) q.get("forks")).intValue()).isEqualTo((int) r.num("forks"));
        }

        // (c) JDK 21 against JDK 17 on the 2-CPU box: b ÷ a per configuration; the 16-CPU box ran one JDK and gives none
        List<Map<String, Object>> jdk = query(db, sql("jdk-effect.sql"));
        int rowsOfB = CsvFile.read(b.resolve("pipeline.csv")).ok().size() + CsvFile.read(b.resolve("rtt.csv")).ok().size();
        assertThat(jdk).hasSize(rowsOfB);
        for (Map<String, Object> q : jdk) {
            assertThat(s(q.get("machine"))).isEqualTo("AMD EPYC, 2 CPUs");
            assertThat(s(q.get("base_jvm"))).isEqualTo("17.0.15+6");
            assertThat(s(q.get("jvm"))).isEqualTo("21.0.5+11");
            String file = s(q.get("file"));
            Map<String, String> keys = Map.of("transport", s(q.get("transport")), "wait", s(q.get("wait")), "producers", s(q.get("producers")));
            double want = row(b, file, keys).num(cell(file)) / row(a, file, keys).num(cell(file));
            assertThat((Double) q.get("ratio_to_base_jvm")).as("%s", q).isCloseTo(want, within(1e-6 * want));
        }
        assertThat(jdk.stream().filter(q -> s(q.get("transport")).equals("mtoca")).mapToDouble(q -> (Double) q.get("ratio_to_base_jvm")))
                .allSatisfy(x -> assertThat(x).isCloseTo(0.5, within(1e-6)));
    }

    @Test
    void aRunLoadedTwiceIsOneRun() throws Exception {
        Path db = tmp.resolve("twice.duckdb");
        assertThat(collect(db, new StringWriter(), a.toString())).isZero();
        List<Map<String, Object>> once = query(db, "SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM forks) AS forks");
        assertThat(collect(db, new StringWriter(), a.toString(), a.toString())).isZero();
        assertThat(query(db, "SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM forks) AS forks")).isEqualTo(once);
        assertThat(((Number) once.get(0).get("runs")).intValue()).isEqualTo(1);
        // every per-fork value of the run's CSVs is there, once
        int forks = 0;
        for (String file : List.of("pipeline.csv", "rtt.csv")) {
            for (TextLine r : CsvFile.read(a.resolve(file)).ok()) {
                for (String m : file.equals("pipeline.csv") ? List.of("throughput_eps") : List.of("p50_ns", "p99_ns")) {
                    forks += r.forks(m) == null ? 0 : r.forks(m).length;
                }
            }
        }
        assertThat(((Number) once.get(0).get("forks")).intValue()).isEqualTo(forks).isGreaterThan(50);
    }

    @Test
    void aDamagedFolderIsRefusedAndLeavesTheDatabaseAsItWas() throws Exception {
        Path db = tmp.resolve("damaged.duckdb");
        assertThat(collect(db, new StringWriter(), a.toString())).isZero();
        String state = "SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM forks) AS forks, (SELECT sum(value) FROM forks) AS total";
        List<Map<String, Object>> before = query(db, state);

        Path truncated = SyntheticRuns.write(Files.createDirectories(tmp.resolve("bad1")), "20260104-000000-ddddddd", "AMD EPYC", 2,
                "17.0.15+6", "ddddddd4", "2026-01-04T00:00:00Z", Map.of());
        String rtt = Files.readString(truncated.resolve("rtt.csv"));
        Files.writeString(truncated.resolve("rtt.csv"), rtt.substring(0, rtt.length() - 40)); // the last line cut short
        StringWriter err = new StringWriter();
        assertThat(collect(db, err, truncated.toString())).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("rtt.csv line").contains("cells").contains("nothing of it loaded");
        assertThat(query(db, state)).isEqualTo(before);

        Path broken = SyntheticRuns.write(Files.createDirectories(tmp.resolve("bad2")), "20260105-000000-eeeeeee", "AMD EPYC", 2,
                "17.0.15+6", "eeeeeee5", "2026-01-05T00:00:00Z", Map.of());
        Files.writeString(broken.resolve("manifest.json"), "{\"run_id\": \"20260105-000000-eeeeeee\", \"machine\": {");
        StringWriter err2 = new StringWriter();
        assertThat(collect(db, err2, broken.toString())).isEqualTo(2);
        assertThat(err2.toString().strip()).doesNotContain("\n").contains("manifest.json");
        assertThat(query(db, state)).isEqualTo(before);
    }
}
