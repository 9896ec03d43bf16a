package handoff.harness.fleet;

import handoff.harness.results.CsvFormat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;

/**
 * Small run folders in the real formats: a few rows of the committed reference run's pipeline.csv and rtt.csv and its
 * manifest.json, with the machine, JVM, commit and date replaced, and chosen transports' values scaled by a factor
 * (summary cell and per-fork cells alike, so that the file stays consistent with itself).
 */
final class SyntheticRuns {
    static final Path REFERENCE = Path.of("../results/20261125-003625-f7339ad");

    /** P = 1, one worker per stage: abq (park, block), mtoca, clq, jctools at park. */
    static final Predicate<Map<String, String>> PIPELINE_ROWS = r -> "ok".equals(r.get("status")) && "1".equals(r.get("producers"))
            && "1".equals(r.get("workers")) && List.of("abq", "mtoca", "clq", "jctools").contains(r.get("transport"))
            && List.of("park", "block").contains(r.get("wait"));
    /** P = 1, burst 1: baseline, abq, mtoca at spin, yield, park. */
    static final Predicate<Map<String, String>> RTT_ROWS = r -> "ok".equals(r.get("status")) && "1".equals(r.get("producers"))
            && "1".equals(r.get("burst")) && List.of("baseline", "abq", "mtoca").contains(r.get("transport"))
            && List.of("spin", "yield", "park").contains(r.get("wait"));

    private SyntheticRuns() {
    }

    /**
     * @param factor transport → the factor its metric values are multiplied by (absent: 1)
     */
    static Path write(Path parent, String id, String cpuModel, int cpus, String jvm, String commit, String date,
                      Map<String, Double> factor) throws IOException {
        return write(parent, id, cpuModel, cpus, jvm, commit, date, factor, 0);
    }

    /**
     * As {@link #write(Path, String, String, int, String, String, String, Map)}, with {@code forks} forks a row where
     * above 0: fork i's value is the row's summary cell × (1 + 0.01 · ((i mod 5) − 2)), so their median is the cell
     * (made-up spread for the gate's test, not a measurement); 1 gives each row one fork and no per-fork cell.
     */
    static Path write(Path parent, String id, String cpuModel, int cpus, String jvm, String commit, String date,
                      Map<String, Double> factor, int forks) throws IOException {
        Path dir = Files.createDirectories(parent.resolve(id));
        String m = Files.readString(REFERENCE.resolve("manifest.json"), StandardCharsets.UTF_8);
        m = replace(m, "\"run_id\": \"20261125-003625-f7339ad\"", "\"run_id\": \"" + id + "\"");
        m = replace(m, "\"cpu_model\": \"AMD EPYC\"", "\"cpu_model\": \"" + cpuModel + "\"");
        m = replace(m, "\"online_cpus\": 2", "\"online_cpus\": " + cpus);
        m = replace(m, "\"version\": \"17.0.15+6-Debian-1deb12u1\"", "\"version\": \"" + jvm + "\"");
        m = replace(m, "\"git_commit\": \"f7339ad9132af6070df54ae6b5384a26ae3543ff\"", "\"git_commit\": \"" + commit + "\"");
        m = m.replaceFirst("\"date_utc\": \"[^\"]*\"", Matcher.quoteReplacement("\"date_utc\": \"" + date + "\""));
        Files.writeString(dir.resolve("manifest.json"), m, StandardCharsets.UTF_8);
        copy("pipeline.csv", dir, PIPELINE_ROWS, List.of("throughput_eps", "throughput_eps_forks"), jvm, cpus, factor);
        copy("rtt.csv", dir, RTT_ROWS, List.of("p50_ns", "p50_fork_median_ns", "p50_ns_forks", "p99_ns_forks"), jvm, cpus, factor);
        if (forks > 0) {
            reFork(dir.resolve("pipeline.csv"), Map.of("throughput_eps_forks", "throughput_eps"), forks);
            reFork(dir.resolve("rtt.csv"), Map.of("p50_ns_forks", "p50_fork_median_ns", "p99_ns_forks", "p99_ns"), forks);
        }
        return dir;
    }

    private static String replace(String text, String what, String with) {
        if (!text.contains(what)) {
            throw new IllegalStateException("the reference manifest no longer holds " + what);
        }
        return text.replace(what, with);
    }

    /** The kept rows with the run's JVM and CPUs in their cells, oversubscribed where their threads outnumber those CPUs. */
    private static void copy(String file, Path dir, Predicate<Map<String, String>> keep, List<String> scaled, String jvm, int cpus,
                             Map<String, Double> factor) throws IOException {
        String text = Files.readString(REFERENCE.resolve(file), StandardCharsets.UTF_8);
        List<String> header = CsvFormat.header(text);
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> r : CsvFormat.parse(text)) {
            if (!keep.test(r)) {
                continue;
            }
            Map<String, String> row = new LinkedHashMap<>(r);
            double f = factor.getOrDefault(r.get("transport"), 1.0);
            for (String c : scaled) {
                row.put(c, scale(row.get(c), f));
            }
            row.put("java_runtime_version", jvm);
            row.put("cpus", Integer.toString(cpus));
            row.put("oversubscribed", Boolean.toString(Double.parseDouble(row.get("threads")) > cpus));
            out.add(row);
        }
        Files.writeString(dir.resolve(file), CsvFormat.render(header, out), StandardCharsets.UTF_8);
    }

    private static String scale(String cell, double f) {
        if (cell == null || cell.isBlank()) {
            return cell;
        }
        List<String> parts = new ArrayList<>();
        for (String p : cell.split(";", -1)) {
            parts.add(ForkValue.exact(Double.parseDouble(p) * f));
        }
        return String.join(";", parts);
    }

    private static void reFork(Path file, Map<String, String> forksOf, int n) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<Map<String, String>> rows = CsvFormat.parse(text);
        for (Map<String, String> r : rows) {
            forksOf.forEach((col, cell) -> {
                double centre = Double.parseDouble(r.get(cell));
                List<String> v = new ArrayList<>();
                for (int i = 0; i < n && n > 1; i++) {
                    v.add(ForkValue.exact(centre * (1 + 0.01 * ((i % 5) - 2))));
                }
                r.put(col, String.join(";", v));
            });
            r.put("forks", Integer.toString(n));
            r.put("unstable", n == 1 ? "unknown" : "false");
        }
        Files.writeString(file, CsvFormat.render(CsvFormat.header(text), rows), StandardCharsets.UTF_8);
    }

    /** Multiplies the given columns (summary and per-fork cells) of the rows {@code which} picks by {@code factor}. */
    static void plant(Path file, Predicate<Map<String, String>> which, List<String> columns, double factor) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<Map<String, String>> rows = CsvFormat.parse(text);
        for (Map<String, String> r : rows) {
            if (which.test(r)) {
                for (String c : columns) {
                    r.put(c, scale(r.get(c), factor));
                }
            }
        }
        Files.writeString(file, CsvFormat.render(CsvFormat.header(text), rows), StandardCharsets.UTF_8);
    }
}
