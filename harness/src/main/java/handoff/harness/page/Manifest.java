package handoff.harness.page;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import handoff.harness.results.Schemas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * manifest.json, read tolerantly: a missing file, a parse error or a missing key never stops the report;
 * the value shows as {@value #UNKNOWN} and {@link #problem()} says why, so the report can state it.
 */
public final class Manifest {
    public static final String UNKNOWN = "unknown";
    /** A run whose manifest says {@code running} but whose sweep is gone (killed hard): some trials never ran. */
    public static final String INCOMPLETE = "incomplete";

    private final Map<?, ?> root;
    private final String problem;
    private final boolean abandoned;

    private Manifest(Map<?, ?> root, String problem) {
        this(root, problem, false);
    }

    private Manifest(Map<?, ?> root, String problem, boolean abandoned) {
        this.root = root;
        this.problem = problem;
        this.abandoned = abandoned;
    }

    public static Manifest read(Path runDir) {
        Path f = runDir.resolve("manifest.json");
        if (!Files.isRegularFile(f)) {
            return new Manifest(Collections.emptyMap(), "manifest.json is missing");
        }
        try {
            Object o = Json.parse(Files.readString(f, StandardCharsets.UTF_8));
            if (o instanceof Map) {
                return new Manifest((Map<?, ?>) o, null, "running".equals(((Map<?, ?>) o).get("status")) && !RunFolder.sweepAlive(runDir));
            }
            return new Manifest(Collections.emptyMap(), "manifest.json is not a JSON object");
        } catch (IOException | RuntimeException e) {
            return new Manifest(Collections.emptyMap(), "manifest.json could not be read: " + e.getMessage());
        }
    }

    /** This manifest with top-level keys replaced (a study's: its id, its status); the rest as read. */
    public Manifest with(Map<String, Object> replaced) {
        Map<Object, Object> m = new LinkedHashMap<>(root);
        m.putAll(replaced);
        return new Manifest(m, problem);
    }

    /** Null when the manifest was read; otherwise why every value reads "unknown". */
    public String problem() {
        return problem;
    }

    /** The raw value at a dotted path ("machine.cpu_model"), or null. */
    public Object raw(String path) {
        Object cur = root;
        for (String part : path.split("\\.")) {
            if (!(cur instanceof Map)) {
                return null;
            }
            cur = ((Map<?, ?>) cur).get(part);
        }
        return cur;
    }

    /**
     * The format the run stamped {@code file} with ({@link handoff.harness.results.Schemas#formats}); 0 where it stamped
     * none (a run from before the stamps, or a file no suite of its build declared).
     */
    public int csvFormat(String file) {
        return raw(Schemas.MANIFEST_KEY) instanceof Map<?, ?> m && m.get(file) instanceof Number n
                ? n.intValue() : 0;
    }

    /** A scalar rendered as text; lists joined with ", "; "unknown" when absent or empty. */
    public String str(String path) {
        Object v = raw(path);
        if (v == null) {
            return UNKNOWN;
        }
        if (v instanceof String) {
            return ((String) v).isBlank() ? UNKNOWN : (String) v;
        }
        if (v instanceof List) {
            List<String> parts = new ArrayList<>();
            for (Object o : (List<?>) v) {
                parts.add(o instanceof String ? (String) o : Json.inline(o));
            }
            return parts.isEmpty() ? "none" : String.join(", ", parts);
        }
        if (v instanceof Map) {
            return Json.inline(v);
        }
        return Json.inline(v);
    }

    /** A list of strings (warnings, jvm.flags); non-string items rendered as JSON; empty when absent. */
    public List<String> strings(String path) {
        Object v = raw(path);
        List<String> out = new ArrayList<>();
        if (v instanceof List) {
            for (Object o : (List<?>) v) {
                out.add(o instanceof String ? (String) o : Json.inline(o));
            }
        } else if (v instanceof String && !((String) v).isBlank()) {
            out.add((String) v);
        }
        return out;
    }

    /** The keys of an object at a path, in file order (for listing every machine fact, known or not). */
    public List<String> keys(String path) {
        Object v = path.isEmpty() ? root : raw(path);
        List<String> out = new ArrayList<>();
        if (v instanceof Map) {
            for (Object k : ((Map<?, ?>) v).keySet()) {
                out.add(String.valueOf(k));
            }
        }
        return out;
    }

    public boolean has(String path) {
        return raw(path) != null;
    }

    public String runId(Path runDir) {
        String id = str("run_id");
        return UNKNOWN.equals(id) ? runDir.toAbsolutePath().normalize().getFileName().toString() : id;
    }

    /** The manifest's status, except that {@code running} with no live sweep behind it reads {@value #INCOMPLETE}. */
    public String status() {
        return abandoned ? INCOMPLETE : str("status");
    }

    public boolean complete() {
        return "complete".equals(str("status"));
    }

    /** "Intel Xeon ... (2 cores)" for captions. */
    public String machineLine() {
        return str("machine.cpu_model") + " (" + str("machine.cores") + " cores)";
    }

    public String jvmLine() {
        String vendor = str("jvm.vendor");
        String version = str("jvm.version");
        return (UNKNOWN.equals(vendor) ? "" : vendor + " ") + (UNKNOWN.equals(version) ? "JVM version unknown" : version);
    }
}
