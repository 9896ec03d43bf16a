package handoff.harness.report;

import handoff.harness.results.CsvFormat;
import handoff.pipelines.overload.OverloadPolicy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Issue 40's label rules: a caption, column header or count in a rendered report that names a statistic the data
 * under it is not. Each rule reads the run's own CSVs to know what the numbers are, and the rendered text to see
 * what it calls them; {@link #violations} lists every mismatch (empty = every label checked is true).
 */
final class LabelCheck {
    /** A jitter figure over fewer wake-ups than this is a maximum, not a p99 (as {@link handoff.harness.page.JitterTail}). */
    private static final int MIN_P99_SAMPLES = 100;

    private final Path run;
    private final String report;
    private final String published;

    /** {@code report}: REPORT.md and every appendix together; {@code published}: appendix-published.md (or ""). */
    LabelCheck(Path run, String report, String published) {
        this.run = run;
        this.report = report;
        this.published = published;
    }

    /** The run folder's rendered REPORT.md and appendices. */
    static LabelCheck of(Path run) throws IOException {
        StringBuilder all = new StringBuilder(Files.readString(run.resolve("REPORT.md"), StandardCharsets.UTF_8));
        try (Stream<Path> s = Files.list(run)) {
            for (Path p : s.filter(f -> f.getFileName().toString().matches("appendix-.*\\.md")).sorted().toList()) {
                all.append('\n').append(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        Path pub = run.resolve("appendix-published.md");
        return new LabelCheck(run, all.toString(), Files.isRegularFile(pub) ? Files.readString(pub, StandardCharsets.UTF_8) : "");
    }

    List<Map<String, String>> csv(String file) throws IOException {
        Path f = run.resolve(file);
        return Files.isRegularFile(f) ? CsvFormat.parse(Files.readString(f, StandardCharsets.UTF_8)) : List.of();
    }

    List<String> violations() throws IOException {
        List<String> out = new ArrayList<>();
        latencyCaption(out);
        loadLabels(out);
        capacityCell(out);
        cpuHeader(out);
        jitter(out);
        spikes(out);
        overloadCount(out);
        echoCount(out);
        publishedBand(out);
        ladder(out);
        baseline(out);
        return out;
    }

    /** pipeline-latency.csv's percentiles are medians over forks: no caption may call them the merged histogram's. */
    void latencyCaption(List<String> out) throws IOException {
        boolean forkMedians = csv("pipeline-latency.csv").stream().anyMatch(r -> r.containsKey("p99_ns_forks"));
        if (forkMedians && report.contains("Percentiles of the merged histogram")) {
            out.add("latency caption says \"Percentiles of the merged histogram\" over columns of medians over forks");
        }
    }

    /** A latency load is a fraction of a sustainable rate, not of saturation: no "N% of saturation" label over it. */
    void loadLabels(List<String> out) throws IOException {
        boolean sustainableBasis = csv("pipeline-latency.csv").stream()
                .anyMatch(r -> "common".equals(r.get("rate_basis")) || "own".equals(r.get("rate_basis")));
        Matcher m = Pattern.compile("offered load \\d+ ?% of saturation|fractions of the slowest configuration's "
                + "measured saturation|latency against each transport's own saturation").matcher(report);
        while (sustainableBasis && m.find()) {
            out.add("load label \"" + m.group() + "\" over rows offered a fraction of a sustainable open-loop rate");
        }
    }

    /** A capacity cell "< x (probes: y)" with x below y contradicts its own probes. */
    void capacityCell(List<String> out) {
        Matcher m = Pattern.compile("< [\\d.,]+ [kM]?/s \\(probes: [\\d.,]+ [kM]?/s\\)").matcher(report);
        if (m.find()) {
            out.add("capacity cell \"" + m.group() + "\" contradicts its probes");
        }
    }

    /** pipeline.csv's CPU per event is the saturation trial's: a header naming it must name that load. */
    void cpuHeader(List<String> out) {
        for (String line : report.lines().filter(l -> l.startsWith("| transport/wait | idle policy")).toList()) {
            for (String cell : line.split("\\|")) {
                if (cell.trim().equals("CPU/event") || cell.trim().equals("bytes/event")) {
                    out.add("decision table header \"" + cell.trim() + "\" does not say its load (saturation)");
                }
            }
        }
    }

    /** Under 100 wake-ups per trial a jitter "p99" is the maximum: it must not be called a p99. */
    void jitter(List<String> out) throws IOException {
        List<Map<String, String>> j = csv("jitter.csv").stream().filter(r -> num(r, "jitter_samples") > 0).toList();
        if (!j.isEmpty() && j.stream().allMatch(r -> num(r, "jitter_samples") < MIN_P99_SAMPLES) && report.contains("jitter p99")) {
            out.add("\"jitter p99\" over trials of " + (long) j.stream().mapToDouble(r -> num(r, "jitter_samples")).max().orElse(0)
                    + " or fewer wake-ups (a maximum)");
        }
    }

    /** Spikes are counted in the suites spikes.csv names: not "of every latency trial" when they are RTT intervals. */
    void spikes(List<String> out) throws IOException {
        boolean other = csv("spikes.csv").stream().anyMatch(r -> !"latency".equals(r.get("suite")));
        if (other && report.contains("(of every latency trial)")) {
            out.add("spikes said to be \"of every latency trial\" while spikes.csv holds intervals of other suites");
        }
    }

    /** "N of M rows ... rejected": M counts only the policies that can shed, at the load the sentence names. */
    void overloadCount(List<String> out) throws IOException {
        Matcher m = Pattern.compile("At ([\\d.]+)× each configuration's rate basis, (\\d+) of (\\d+) (?:transport × policy )?rows").matcher(report);
        if (!m.find()) {
            if (csv("overload.csv").stream().anyMatch(r -> "ok".equals(r.get("status")))) {
                out.add("overload count sentence (\"At N× each configuration's rate basis, N of M rows\") not found, yet overload.csv has ok rows");
            }
            return;
        }
        String pct = Long.toString(Math.round(Double.parseDouble(m.group(1)) * 100));
        long canShed = csv("overload.csv").stream().filter(r -> "ok".equals(r.get("status")) && pct.equals(r.get("load_pct"))
                && OverloadPolicy.parse(r.get("policy")).sheds()).count();
        boolean above = csv("overload.csv").stream().anyMatch(r -> "ok".equals(r.get("status")) && num(r, "load_pct") > 100
                && OverloadPolicy.parse(r.get("policy")).sheds());
        if (above && !report.contains("| overloaded? |")) {
            out.add("overload rows above 1× of policies that can reject, but no table says per row whether they rejected (overloaded?)");
        }
        if (Long.parseLong(m.group(3)) != canShed) {
            out.add("overload count \"" + m.group() + "\" is over " + m.group(3) + " rows; " + canShed + " rows at " + pct
                    + " % are of policies that can reject");
        }
    }

    /** "N of M closed-loop rows ... ran within the CPUs": M counts rows with a hand-off, not the inline control. */
    void echoCount(List<String> out) throws IOException {
        Matcher m = Pattern.compile("UDP echo: (\\d+) of (\\d+) closed-loop rows").matcher(report);
        if (!m.find()) {
            if (csv("echo.csv").stream().anyMatch(r -> "ok".equals(r.get("status")) && "closed".equals(r.get("mode")))) {
                out.add("echo count sentence (\"UDP echo: N of M closed-loop rows\") not found, yet echo.csv has ok closed-loop rows");
            }
            return;
        }
        long handoffs = csv("echo.csv").stream().filter(r -> "ok".equals(r.get("status")) && "closed".equals(r.get("mode"))
                && !"inline".equals(r.get("variant"))).count();
        if (Long.parseLong(m.group(2)) != handoffs) {
            out.add("echo count \"" + m.group() + "\" is over " + m.group(2) + " rows; " + handoffs + " have a hand-off");
        }
    }

    /**
     * The published comparison: no verdict from a fixed tolerance ("within 2.00×"), and no judgement on a flagged row
     * (the claims table calls those "cannot tell").
     */
    void publishedBand(List<String> out) {
        if (Pattern.compile("within [\\d.]+×").matcher(published).find()) {
            out.add("published comparison judges against a fixed tolerance band (\"within N×\")");
        }
        for (String line : published.lines().filter(l -> l.startsWith("| ") && l.contains("**")).toList()) {
            String[] c = line.split("\\|", -1);
            // | id | comparison | published | this run | ratio of ratios | verdict | flags | note |
            if (c.length > 7 && c[7].contains("**") && c[6].trim().matches("(same direction|within|agrees|differs|\\*\\*opposite).*")) {
                out.add("published row " + c[1].trim() + " is flagged (" + c[7].trim() + ") yet judged: " + c[6].trim());
            }
        }
    }

    /** "in ladder order for N of M transports with all four rungs": M never counts a control (null, nanotime). */
    void ladder(List<String> out) throws IOException {
        Matcher m = Pattern.compile("in ladder order for (\\d+) of (\\d+) transports").matcher(report);
        boolean found = m.find();
        List<Map<String, String>> p1 = csv("rtt.csv").stream().filter(r -> "ok".equals(r.getOrDefault("status", "ok"))
                && "1".equals(r.get("producers")) && "1".equals(r.get("burst"))
                && (r.getOrDefault("producer_model", "").isEmpty() || "sp".equals(r.get("producer_model")))).toList();
        long full = p1.stream().map(r -> r.get("transport")).distinct().filter(t -> !List.of("null", "nanotime").contains(t))
                .filter(t -> Stream.of("spin", "yield", "park", "block").allMatch(w -> p1.stream()
                        .anyMatch(r -> t.equals(r.get("transport")) && w.equals(r.get("wait"))))).count();
        if (!found) {
            if (full > 0) {
                out.add("wait ladder sentence (\"in ladder order for N of M transports\") not found, yet " + full
                        + " transports have all four rungs at P = 1, burst 1");
            }
            return;
        }
        if (Long.parseLong(m.group(2)) != full) {
            out.add("wait ladder \"" + m.group() + "\" counts " + m.group(2) + " transports; " + full + " are not controls");
        }
    }

    /** The finding about the baseline never rests on an unstable baseline row. */
    void baseline(List<String> out) throws IOException {
        Matcher line = Pattern.compile("\\*\\*Finding about the baseline:\\*\\*[^\\n]*").matcher(report);
        if (!line.find()) {
            if (!report.contains("Baseline: no finding") && belowTheBaseline() != null) {
                out.add("baseline sentence (\"Finding about the baseline\" or \"Baseline: no finding\") not found, yet "
                        + belowTheBaseline() + " has a median RTT below the baseline's");
            }
            return;
        }
        Matcher item = Pattern.compile("([a-z0-9-]+)/([a-z]+) at burst (\\d+)").matcher(line.group());
        while (item.find()) {
            String burst = item.group(3);
            String wait = item.group(2);
            boolean unstable = csv("rtt.csv").stream().anyMatch(r -> "baseline".equals(r.get("transport")) && "1".equals(r.get("producers"))
                    && burst.equals(r.get("burst")) && wait.equals(r.get("wait")) && "true".equals(r.get("unstable")));
            if (unstable) {
                out.add("finding about the baseline rests on its unstable row at burst " + burst + " (" + item.group() + ")");
            }
        }
    }

    /**
     * A P = 1 row whose median RTT (p50_fork_median_ns where the file has it, else p50_ns) is below the baseline's at the same burst and wait, as the report's finding
     * compares them (null is the reply path alone, never compared), e.g. "abq/spin at burst 1"; null where there is none.
     */
    private String belowTheBaseline() throws IOException {
        List<Map<String, String>> p1 = csv("rtt.csv").stream().filter(r -> "ok".equals(r.getOrDefault("status", "ok"))
                && "1".equals(r.get("producers"))).toList();
        for (Map<String, String> base : p1.stream().filter(r -> "baseline".equals(r.get("transport"))).toList()) {
            for (Map<String, String> r : p1) {
                if (!List.of("baseline", "null").contains(r.get("transport")) && base.get("burst").equals(r.get("burst"))
                        && base.get("wait").equals(r.get("wait")) && p50(r) < p50(base)) {
                    return r.get("transport") + "/" + r.get("wait") + " at burst " + r.get("burst");
                }
            }
        }
        return null;
    }

    private static double p50(Map<String, String> r) {
        String m = r.get("p50_fork_median_ns");
        return num(r, m == null || m.isEmpty() ? "p50_ns" : "p50_fork_median_ns");
    }

    private static double num(Map<String, String> r, String k) {
        String v = r.get(k);
        return v == null || v.isBlank() ? Double.NaN : Double.parseDouble(v);
    }
}
