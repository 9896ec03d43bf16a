package handoff.harness.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** Everything the report and plots read from one run folder (results/README.md is the schema). */
public final class RunData {
    public static final String RTT = "rtt.csv";
    public static final String PIPELINE = "pipeline.csv";
    public static final String LATENCY = "pipeline-latency.csv";
    public static final String HOPS = "pipeline-hops.csv";
    public static final String UNICAST = "unicast.csv";
    public static final String DISRUPTOR = "disruptor.csv";
    /** The fan-out suite's rows, named here because the published comparison (§B, §C) reads them. */
    public static final String FANOUT = "fanout.csv";
    public static final List<String> FILES = List.of(RTT, PIPELINE, LATENCY, HOPS, UNICAST, DISRUPTOR, FANOUT);

    /** The columns that identify a configuration in each file (used for matching runs and naming trials). */
    public static final Map<String, List<String>> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put(RTT, withRuntime("transport", "producers", "burst", "wait"));
        KEYS.put(PIPELINE, withRuntime("transport", "producers", "wait", "work", "workers"));
        KEYS.put(LATENCY, withRuntime("transport", "producers", "wait", "work", "offered_eps"));
        KEYS.put(HOPS, withRuntime("transport", "producers", "wait", "work", "offered_eps", "hop"));
        KEYS.put(UNICAST, withRuntime("transport", "wait", "items"));
        KEYS.put(DISRUPTOR, withRuntime("benchmark", "impl", "wait"));
        KEYS.put(FANOUT, withRuntime("scenario", "variant", "transport", "wait"));
    }

    /** A file's own key columns, then the runtime a swept run names ({@code jdk}, {@code gc}, {@code threads}; empty otherwise). */
    private static List<String> withRuntime(String... own) {
        List<String> k = new ArrayList<>(List.of(own));
        k.addAll(handoff.harness.trial.RuntimeAxes.CONFIG);
        return List.copyOf(k);
    }

    /** Report order of transports (docs/architecture.md §3); ids not listed follow in order of appearance. */
    public static List<String> TRANSPORT_ORDER =
            List.of("abq", "lbq", "clq", "mtoca", "jctools", "flow", "disruptor", "lmax", "baseline", "nanotime");
    public static final List<String> WAIT_ORDER = List.of("spin", "yield", "park", "block", "native");
    public static final List<String> HOP_ORDER = List.of("publish->parse", "parse->enrich", "enrich->aggregate");

    public final Path dir;
    public final Manifest manifest;
    public final Map<String, Csv> csv = new LinkedHashMap<>();
    public final String runId;
    public final Traits traits;

    private RunData(Path dir) throws IOException {
        this.dir = dir;
        this.manifest = Manifest.read(dir);
        List<String> files = new ArrayList<>(FILES); // the known ones first, then any other CSV a suite wrote
        if (java.nio.file.Files.isDirectory(dir)) {
            try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(dir)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".csv") && !files.contains(n)).sorted().forEach(files::add);
            }
        }
        for (String f : files) {
            Csv c = Csv.read(dir.resolve(f));
            if (c != null) {
                csv.put(f, c);
            }
        }
        this.runId = manifest.runId(dir);
        this.traits = Traits.of(manifest);
        TRANSPORT_ORDER = traits.order();
    }

    public static RunData load(Path dir) throws IOException {
        return new RunData(dir);
    }

    public Csv get(String file) {
        return csv.get(file);
    }

    public boolean has(String file) {
        return csv.containsKey(file);
    }

    /** ok rows of a file, empty if absent. */
    public List<Row> ok(String file) {
        Csv c = csv.get(file);
        return c == null ? List.of() : c.ok();
    }

    public static int rank(List<String> order, String v) {
        int i = order.indexOf(v);
        return i < 0 ? order.size() : i;
    }

    public static Comparator<String> numericOrText() {
        return (a, b) -> {
            double x = parse(a);
            double y = parse(b);
            if (!Double.isNaN(x) && !Double.isNaN(y)) {
                return Double.compare(x, y);
            }
            return a.compareTo(b);
        };
    }

    public static double parse(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Stable sort: transport (report order), then the given columns numerically/textually. */
    public static List<Row> sorted(List<Row> rows, String... cols) {
        List<Row> out = new ArrayList<>(rows);
        List<String> appearance = new ArrayList<>();
        for (Row r : rows) {
            if (!appearance.contains(r.get("transport"))) {
                appearance.add(r.get("transport"));
            }
        }
        Comparator<Row> cmp = Comparator.comparingInt(r -> {
            int k = rank(TRANSPORT_ORDER, r.get("transport"));
            return k < TRANSPORT_ORDER.size() ? k : TRANSPORT_ORDER.size() + appearance.indexOf(r.get("transport"));
        });
        for (String c : cols) {
            if (c.equals("wait")) {
                cmp = cmp.thenComparingInt(r -> rank(WAIT_ORDER, r.get("wait")));
            } else if (c.equals("hop")) {
                cmp = cmp.thenComparingInt(r -> rank(HOP_ORDER, r.get("hop")));
            } else {
                Comparator<String> v = numericOrText();
                cmp = cmp.thenComparing(r -> r.get(c), v);
            }
        }
        out.sort(cmp);
        return out;
    }

    /** Distinct values of a column, sorted numerically where possible. */
    public static List<String> distinct(List<Row> rows, String col) {
        Set<String> s = new LinkedHashSet<>();
        for (Row r : rows) {
            s.add(r.get(col));
        }
        List<String> out = new ArrayList<>(s);
        if (col.equals("wait")) {
            out.sort(Comparator.comparingInt(w -> rank(WAIT_ORDER, w)));
        } else if (col.equals("transport")) {
            out.sort(Comparator.comparingInt(t -> rank(TRANSPORT_ORDER, t)));
        } else {
            out.sort(numericOrText());
        }
        return out;
    }

    public static List<Row> where(List<Row> rows, Predicate<Row> p) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (p.test(r)) {
                out.add(r);
            }
        }
        return out;
    }

    public static List<Row> eq(List<Row> rows, String col, String value) {
        return where(rows, r -> r.get(col).equals(value));
    }

    public static boolean anyOversubscribed(List<Row> rows) {
        return rows.stream().anyMatch(Row::oversubscribed);
    }

    public static boolean anyUnstable(List<Row> rows) {
        return rows.stream().anyMatch(Row::unstable);
    }

    /**
     * The hgrm file a row points at, inside the run folder: the path as written (relative to the run), else
     * its file name under hgrm/ or at the top (tolerates paths written relative to the repository root).
     */
    public Path hgrm(Row r) {
        String h = r.get("hgrm");
        if (h.isEmpty()) {
            return null;
        }
        String name = Path.of(h).getFileName().toString();
        for (Path p : new Path[] {dir.resolve(h), dir.resolve("hgrm").resolve(name), dir.resolve(name)}) {
            if (java.nio.file.Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    /** Rows of RTT without the timing-overhead pseudo-transport. */
    public List<Row> rttTransports() {
        return where(ok(RTT), r -> !r.get("transport").equals("nanotime"));
    }

    public static List<String> list(String... s) {
        return Arrays.asList(s);
    }
}
