package handoff.harness.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Every file a run can hold that some suite declared ({@link Schema}), in registry order: the one place the report,
 * {@code compare} and summary.json learn a file's keys, metrics and flags. Immutable; {@link #registered()} is the
 * registry's, {@link #plus} adds a suite (a test's made-up one) without touching it.
 */
public final class Schemas {
    /** The manifest's key of the formats a run wrote its files in ({@link #formats}). */
    public static final String MANIFEST_KEY = "csv_formats";

    private final Map<String, CsvSchema> byFile;

    private Schemas(Map<String, CsvSchema> byFile) {
        this.byFile = byFile;
    }

    /** The given suites' files, in order; a file declared twice keeps its first declaration. */
    public static Schemas of(List<Schema> suites) {
        Map<String, CsvSchema> m = new LinkedHashMap<>();
        for (Schema s : suites) {
            for (CsvSchema f : s.files()) {
                m.putIfAbsent(f.file(), f);
            }
        }
        return new Schemas(Collections.unmodifiableMap(m));
    }

    /** The suite registry's schemas (found once, on first use); none when no registry is on the class path. */
    public static Schemas registered() {
        return Registered.SCHEMAS;
    }

    /** These and another suite's files. */
    public Schemas plus(Schema suite) {
        List<Schema> all = new ArrayList<>();
        all.add(new Schema(new ArrayList<>(byFile.values())));
        all.add(suite);
        return of(all);
    }

    /** The declared file names, in registry order. */
    public List<String> files() {
        return List.copyOf(byFile.keySet());
    }

    /** Every declared file. */
    public List<CsvSchema> all() {
        return List.copyOf(byFile.values());
    }

    /** Each declared file's format as this build writes it ({@link CsvSchema#format}): what a run's manifest stamps. */
    public Map<String, Integer> formats() {
        Map<String, Integer> out = new LinkedHashMap<>();
        byFile.forEach((f, s) -> out.put(f, s.format()));
        return out;
    }

    /** A file's schema, or null where no suite declares it. */
    public CsvSchema get(String file) {
        return byFile.get(file);
    }

    /** Lazy holder: the registry is looked up when first asked for, not when this class loads. */
    private static final class Registered {
        static final Schemas SCHEMAS = load();

        private static Schemas load() {
            List<Schema> all = new ArrayList<>();
            for (SchemaSource s : ServiceLoader.load(SchemaSource.class, Schemas.class.getClassLoader())) {
                all.addAll(s.schemas());
            }
            return of(all);
        }
    }
}
