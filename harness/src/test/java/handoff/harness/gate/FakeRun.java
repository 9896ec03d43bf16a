package handoff.harness.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * A tiny run folder made in a test (SYNTHETIC numbers, never measured): a manifest, and CSVs whose rows carry a value
 * per fork ({@code <column>_forks}) and the median of them. {@link #scaled} plants a change in one row of a copy.
 */
final class FakeRun {
    /** pipeline.csv: throughput (higher is better), 5 forks, about ±1 % apart. */
    static final String PIPELINE = "transport,producers,wait,work,workers,throughput_eps,throughput_eps_forks,forks,status,oversubscribed,unstable\n"
            + row("abq,1,block,1,1", 2_000_000, 5, "false") + row("lbq,1,block,1,1", 1_500_000, 5, "false")
            + row("clq,1,park,1,1", 3_000_000, 5, "true");
    /** rtt.csv: p50 round trip (lower is better; a declared headline metric), 5 forks. */
    static final String RTT = "transport,producers,burst,wait,p50_ns,p50_ns_forks,forks,status,oversubscribed,unstable\n"
            + row("abq,1,1,park", 4000, 5, "false") + row("lbq,1,1,park", 5000, 5, "false");

    private FakeRun() {
    }

    /** A row: the key cells, the median of the forks' values, the values (v × 0.98, 0.99, 1, 1.01, 1.02 ...), ok, flags. */
    static String row(String keys, double v, int forks, String oversubscribed) {
        List<String> each = new ArrayList<>();
        for (int i = 0; i < forks; i++) {
            each.add(String.format(Locale.ROOT, "%.1f", v * (1 + 0.01 * (i - forks / 2))));
        }
        return keys + "," + String.format(Locale.ROOT, "%.1f", v) + "," + String.join(";", each) + "," + forks + ",ok," + oversubscribed
                + ",false\n";
    }

    /** A complete run folder holding the given files, its manifest naming the transports in the given order (none: the registry's). */
    static Path make(Path dir, Map<String, String> files, String... order) throws IOException {
        Files.createDirectories(dir);
        StringBuilder traits = new StringBuilder();
        for (String t : order) {
            traits.append(traits.length() == 0 ? "" : ", ").append("{\"id\": \"").append(t)
                    .append("\", \"family\": \"queue\", \"preallocated\": false, \"max_workers_per_hop\": 1, \"description\": \"\"}");
        }
        Files.writeString(dir.resolve("manifest.json"), "{\n  \"run_id\": \"" + dir.getFileName() + "\",\n  \"status\": \"complete\",\n"
                + "  \"machine\": {\"cpu_model\": \"Synthetic CPU\", \"cores\": 2}"
                + (order.length == 0 ? "" : ",\n  \"transport_traits\": [" + traits + "]") + "\n}\n");
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue());
        }
        return dir;
    }

    /** The usual pair of files: pipeline.csv and rtt.csv. */
    static Map<String, String> standard() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("pipeline.csv", PIPELINE);
        m.put("rtt.csv", RTT);
        return m;
    }

    /**
     * A copy of a CSV whose row starting with {@code rowPrefix} has {@code column} and its per-fork values passed
     * through {@code f} (a planted regression: throughput × 0.7).
     */
    static String scaled(String csv, String rowPrefix, String column, DoubleUnaryOperator f) {
        String[] lines = csv.split("\n");
        List<String> header = List.of(lines[0].split(","));
        int c = header.indexOf(column);
        int cf = header.indexOf(column + "_forks");
        StringBuilder out = new StringBuilder(lines[0]).append('\n');
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",", -1);
            if (lines[i].startsWith(rowPrefix)) {
                cells[c] = fmt(f.applyAsDouble(Double.parseDouble(cells[c])));
                String[] forks = cells[cf].split(";");
                for (int k = 0; k < forks.length; k++) {
                    forks[k] = fmt(f.applyAsDouble(Double.parseDouble(forks[k])));
                }
                cells[cf] = String.join(";", forks);
            }
            out.append(String.join(",", cells)).append('\n');
        }
        return out.toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
