package handoff.harness.page;

import handoff.harness.results.Cells;
import handoff.harness.results.CsvSchema;
import handoff.harness.results.Schemas;
import handoff.harness.trial.RuntimeAxes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Everything the report and plots read from one run folder (results/README.md is the schema): every CSV at its top,
 * the manifest and the transport traits. Which files a run can hold, their key columns, metrics and flags come from
 * the suites' own declarations ({@link Schemas}, through the suite registry), never from a list here. A run sorts
 * its rows in its own transport order ({@link #inOrder}, from its manifest): loading another run changes nothing
 * about this one.
 */
public final class RunData {
    /** File names the report's own sections read; which files exist, and what they hold, is the registry's. */
    public static final String RTT = "rtt.csv";
    public static final String PIPELINE = "pipeline.csv";
    public static final String LATENCY = "pipeline-latency.csv";
    public static final String HOPS = "pipeline-hops.csv";
    public static final String UNICAST = "unicast.csv";
    public static final String DISRUPTOR = "disruptor.csv";
    /** The fan-out suite's rows, named here because the published comparison (§B, §C) reads them. */
    public static final String FANOUT = "fanout.csv";
    /** Every file a registered suite declares, in registry order. */
    public static final List<String> FILES = Schemas.registered().files();

    /** The columns that identify a configuration in each registered file (for naming trials), runtime columns last. */
    public static final Map<String, List<String>> KEYS = keysOf(Schemas.registered());

    private static Map<String, List<String>> keysOf(Schemas schemas) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (CsvSchema f : schemas.all()) {
            m.put(f.file(), withRuntime(f.keys()));
        }
        return Collections.unmodifiableMap(m);
    }

    /** A file's own key columns, then the runtime a swept run names ({@code jdk}, {@code gc}, {@code threads}; empty otherwise). */
    public static List<String> withRuntime(List<String> own) {
        List<String> k = new ArrayList<>(own);
        k.addAll(RuntimeAxes.CONFIG);
        return List.copyOf(k);
    }

    /**
     * Transport order of this build's registry (docs/architecture.md §3), for code that sorts without a run at hand; a run's own
     * order, from its manifest, is {@link #order()}. Ids not listed follow in order of appearance.
     */
    public static final List<String> TRANSPORT_ORDER = List.copyOf(Traits.fromRegistry().order());
    public static final List<String> WAIT_ORDER = List.of("spin", "yield", "park", "block", "native");
    public static final List<String> HOP_ORDER = List.of("publish->parse", "parse->enrich", "enrich->aggregate");

    public final Path dir;
    public final Manifest manifest;
    public final Map<String, CsvFile> csv = new LinkedHashMap<>();
    public final String runId;
    public final Traits traits;
    /** The long per-fork table the report derives from the suites' CSVs (README "Many boxes"): not a suite's rows. */
    static final String DERIVED = "forks.csv";

    /** What the suites declare about the files this run was read with. */
    public final Schemas schemas;
    /** The run folders its rows come from: the folder itself, or each run of a study ({@code report.Study}). */
    public final List<Path> sources;

    private RunData(Path dir, Schemas schemas) throws IOException {
        this.dir = dir;
        this.schemas = schemas;
        this.manifest = Manifest.read(dir);
        List<String> files = new ArrayList<>(schemas.files()); // the declared ones first, then any other CSV a suite wrote
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".csv") && !files.contains(n) && !n.equals(DERIVED))
                        .sorted().forEach(files::add);
            }
        }
        for (String f : files) {
            CsvFile c = CsvFile.read(dir.resolve(f), manifest.csvFormat(f));
            if (c != null) {
                csv.put(f, c);
            }
        }
        this.runId = manifest.runId(dir);
        this.traits = Traits.of(manifest);
        this.sources = List.of(dir);
    }

    private RunData(Path dir, Manifest manifest, Map<String, CsvFile> files, List<Path> sources, Schemas schemas) {
        this.dir = dir;
        this.schemas = schemas;
        this.manifest = manifest;
        this.csv.putAll(files);
        this.runId = manifest.runId(dir);
        this.traits = Traits.of(manifest);
        this.sources = List.copyOf(sources);
    }

    /** Several run folders read as one ({@code report.Study}): the files as given, figures and appendices in {@code dir}. */
    public static RunData merged(Path dir, Manifest manifest, Map<String, CsvFile> files, List<Path> sources) {
        return new RunData(dir, manifest, files, sources, Schemas.registered());
    }

    /** A run folder read with the registry's schemas. */
    public static RunData load(Path dir) throws IOException {
        return new RunData(dir, Schemas.registered());
    }

    /** A run folder read with the given schemas (a test's made-up suite added to the registry's, say). */
    public static RunData load(Path dir, Schemas schemas) throws IOException {
        return new RunData(dir, schemas);
    }

    /** A file's declared schema, or null where no suite declares it. */
    public CsvSchema schema(String file) {
        return schemas.get(file);
    }

    /** A file's key columns with the runtime columns; for a file no suite declares, its header. */
    public List<String> keys(String file) {
        CsvSchema s = schemas.get(file);
        if (s != null) {
            return withRuntime(s.keys());
        }
        CsvFile c = csv.get(file);
        return c == null ? List.of() : c.header;
    }

    /** This run's transport order (its manifest's, else the registry's of the build reading it). */
    public List<String> order() {
        return traits.order();
    }

    /** Rows sorted in this run's transport order, then the given columns ({@link #sorted(List, List, String...)}). */
    public List<TextLine> inOrder(List<TextLine> rows, String... cols) {
        return sorted(order(), rows, cols);
    }

    public CsvFile get(String file) {
        return csv.get(file);
    }

    public boolean has(String file) {
        return csv.containsKey(file);
    }

    /** ok rows of a file, empty if absent. */
    public List<TextLine> ok(String file) {
        CsvFile c = csv.get(file);
        return c == null ? List.of() : c.ok();
    }

    public static int rank(List<String> order, String v) {
        int i = order.indexOf(v);
        return i < 0 ? order.size() : i;
    }

    public static Comparator<String> numericOrText() {
        return (a, b) -> {
            double x = Cells.parse(a);
            double y = Cells.parse(b);
            if (!Double.isNaN(x) && !Double.isNaN(y)) {
                return Double.compare(x, y);
            }
            return a.compareTo(b);
        };
    }


    /** Stable sort in this build's registry order ({@link #TRANSPORT_ORDER}); a run's own is {@link #inOrder}. */
    public static List<TextLine> sorted(List<TextLine> rows, String... cols) {
        return sorted(TRANSPORT_ORDER, rows, cols);
    }

    /** Stable sort: transport (in the given order, others as met), then the given columns numerically/textually. */
    public static List<TextLine> sorted(List<String> order, List<TextLine> rows, String... cols) {
        List<TextLine> out = new ArrayList<>(rows);
        List<String> appearance = new ArrayList<>();
        for (TextLine r : rows) {
            if (!appearance.contains(r.transport())) {
                appearance.add(r.transport());
            }
        }
        Comparator<TextLine> cmp = Comparator.comparingInt(r -> {
            int k = rank(order, r.transport());
            return k < order.size() ? k : order.size() + appearance.indexOf(r.transport());
        });
        for (String c : cols) {
            if (c.equals("wait")) {
                cmp = cmp.thenComparingInt(r -> rank(WAIT_ORDER, r.waitStrategy()));
            } else if (c.equals("hop")) {
                cmp = cmp.thenComparingInt(r -> rank(HOP_ORDER, r.get(c)));
            } else {
                Comparator<String> v = numericOrText();
                cmp = cmp.thenComparing(r -> r.get(c), v);
            }
        }
        out.sort(cmp);
        return out;
    }

    /** Distinct values of a column, sorted numerically where possible. */
    public static List<String> distinct(List<TextLine> rows, String col) {
        Set<String> s = new LinkedHashSet<>();
        for (TextLine r : rows) {
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

    public static List<TextLine> where(List<TextLine> rows, Predicate<TextLine> p) {
        List<TextLine> out = new ArrayList<>();
        for (TextLine r : rows) {
            if (p.test(r)) {
                out.add(r);
            }
        }
        return out;
    }

    public static List<TextLine> eq(List<TextLine> rows, String col, String value) {
        return where(rows, r -> r.get(col).equals(value));
    }

    public static boolean anyOversubscribed(List<TextLine> rows) {
        return rows.stream().anyMatch(TextLine::oversubscribed);
    }

    public static boolean anyUnstable(List<TextLine> rows) {
        return rows.stream().anyMatch(TextLine::unstable);
    }

    /**
     * The hgrm file a row's {@code hgrm} cell {@code h} points at, inside the run folder: the path as written (relative
     * to the run), else its file name under hgrm/ or at the top (tolerates paths written relative to the repository
     * root); null for an empty cell.
     */
    public Path hgrm(String h) {
        if (h.isEmpty()) {
            return null;
        }
        String name = Path.of(h).getFileName().toString();
        for (Path d : sources) {
            for (Path p : new Path[] {d.resolve(h), d.resolve("hgrm").resolve(name), d.resolve(name)}) {
                if (Files.isRegularFile(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /**
     * The folder holding a result file a suite reads itself: the first of a study's run folders that has it (a study
     * folder holds none), else this run's folder.
     */
    public Path holder(String file) {
        for (Path d : sources) {
            if (Files.isRegularFile(d.resolve(file))) {
                return d;
            }
        }
        return dir;
    }

    /** Rows of RTT without the timing-overhead pseudo-transport. */
    public List<TextLine> rttTransports() {
        return where(ok(RTT), r -> !r.transport().equals("nanotime"));
    }

    public static List<String> list(String... s) {
        return Arrays.asList(s);
    }
}
