package handoff.harness.sweep;

import handoff.harness.env.Machine;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code manifest.json}: everything needed to trace a number to the machine, JVM and commit that made
 * it (docs/architecture.md §7). Written when the run starts (status {@code running}) and rewritten when it ends.
 */
public final class ManifestWriter {
    /** Status of a run a write failure ended (a full disk, a permission lost): {@code --resume} completes it. */
    public static final String WRITE_FAILED = "write-failed";
    /** Top-level key: the path and cause of the write that ended the run, empty otherwise. */
    public static final String WRITE_FAILURE = "write_failure";
    /** Top-level key: per suite, the trials run, their wall seconds and the model's seconds ({@link Calibration}). */
    public static final String TIMING = "timing";
    private final Path file;
    private final Map<String, Object> data;

    private ManifestWriter(Path file, Map<String, Object> data) {
        this.file = file;
        this.data = data;
    }

    public static ManifestWriter create(RunFolder run, String runId, Git git, String commandLine, Map<String, Object> plan,
                                  Machine machine, List<String> warnings, String pinning) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", runId);
        m.put("status", "running");
        m.put("finished_utc", "");
        m.put("counts", "");
        m.put("resumed_utc", "");
        m.put(WRITE_FAILURE, "");
        m.put(TIMING, "");
        m.put(FIT, "");
        m.put(DEFERRED, "");
        m.put(ROUNDS, "");
        m.put("git_commit", git.commit());
        m.put("git_dirty", git.dirty());
        m.put("date_utc", Instant.now().toString());
        m.put("command_line", commandLine);
        m.put("profile", plan.get("profile"));
        m.put("suites", plan.get("suites"));
        m.put("plan", plan);
        m.put(handoff.harness.results.TransportTraits.KEY,
                handoff.harness.results.TransportTraits.of(handoff.queues.Transports.all()));
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", System.getProperty("java.runtime.version", System.getProperty("java.version")));
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        jvm.put("java_home", System.getProperty("java.home"));
        jvm.put("flags", handoff.harness.runtime.JvmOptions.FLAGS);
        Map<String, Object> heaps = new LinkedHashMap<>(); // a suite whose trials run on another heap says so
        for (String name : handoff.harness.suites.Suites.names()) {
            List<String> args = handoff.harness.suites.Suites.get(name).jvmArgs(null);
            if (!args.equals(handoff.harness.runtime.JvmOptions.HEAP)) {
                heaps.put(name, args);
            }
        }
        jvm.put("trial_heap_by_suite", heaps);
        jvm.put("harness_flags", ManagementFactory.getRuntimeMXBean().getInputArguments());
        m.put("jvm", jvm);
        m.put("machine", machine.toJson());
        Map<String, Object> pin = new LinkedHashMap<>();
        pin.put("plan", pinning);
        pin.put("outcome", "per trial: the 'pinning' column of each CSV");
        m.put("pinning", pin);
        m.put("warnings", warnings);
        ManifestWriter manifest = new ManifestWriter(run.dir().resolve(RunFolder.MANIFEST), m);
        manifest.write();
        return manifest;
    }

    /** Re-opens a run's manifest for {@code --resume}: the original facts stay, the resume is noted. */
    public static ManifestWriter resume(RunFolder run) {
        ManifestWriter m = new ManifestWriter(run.dir().resolve(RunFolder.MANIFEST), null);
        String resumes = m.field("resumed_utc");
        m.patch("resumed_utc", (resumes.isEmpty() ? "" : resumes + " ") + Instant.now());
        m.patch("status", "running");
        m.patch(WRITE_FAILURE, "");
        return m;
    }

    /** Records how the run ended. Patches top-level lines in place, so a resumed run keeps its facts. */
    public synchronized void finish(String status, Counts counts) {
        patch("status", status);
        patch("finished_utc", Instant.now().toString());
        if (counts != null) {
            patch("counts", counts.toString());
        }
    }

    /** Per suite timing of the run so far, for the next run's opening estimate (one line: see {@link #patch}). */
    public synchronized void timing(Map<String, Object> timing) {
        patch(TIMING, timing);
    }

    /**
     * How the plan was fitted before the first trial ({@link PlanFit}): the budget, the calibration it used (a resumed
     * run plans with it again), what quick deferred to full (suite, what, trials, seconds) and the further rounds per
     * declared table (planned, run), each on one line like {@link #timing}.
     */
    public synchronized void fit(Map<String, Object> fit, List<Object> deferred, List<Object> rounds) {
        AtomicFiles.write(file, patched(patched(patched(readForWrite(), FIT, fit), DEFERRED, deferred), ROUNDS, rounds)); // one write
    }

    /** Top-level manifest keys of {@link #fit}. */
    public static final String FIT = "plan_fit";
    public static final String DEFERRED = "deferred";
    public static final String ROUNDS = "fork_rounds";

    /** A top-level value of the manifest as written so far; null where it has none or cannot be read. */
    synchronized Object value(String key) {
        try {
            return Json.parse(readForWrite()) instanceof Map<?, ?> m ? m.get(key) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Marks the run {@value #WRITE_FAILED} with the path and cause, in one rewrite. On a full disk the usual
     * temp-file-and-rename cannot work: then the manifest is rewritten in its own blocks. Returns false when
     * neither worked (the manifest then still says {@code running}, which the report reads as incomplete).
     */
    public synchronized boolean writeFailed(handoff.harness.results.WriteFailed e) {
        String text;
        try {
            text = readForWrite();
        } catch (handoff.harness.results.WriteFailed gone) {
            return false;
        }
        text = patched(patched(patched(text, "status", WRITE_FAILED),
                "finished_utc", Instant.now().toString()), WRITE_FAILURE, e.path() + ": " + e.reason());
        try {
            AtomicFiles.write(file, text);
            return true;
        } catch (handoff.harness.results.WriteFailed again) {
            try { // without its indentation the text is shorter than the file it replaces: no block to allocate
                AtomicFiles.rewriteInPlace(file, dedent(text));
                return true;
            } catch (handoff.harness.results.WriteFailed notEven) {
                return false;
            }
        }
    }

    private void patch(String key, Object value) {
        AtomicFiles.write(file, patched(readForWrite(), key, value));
    }

    /** The text to patch; a manifest gone from under the run (its folder removed) is a write that cannot be made. */
    private String readForWrite() {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new handoff.harness.results.WriteFailed(file, e);
        }
    }

    /**
     * The manifest's text with one top-level line set (a value that is not a string goes on one line); a key a
     * manifest of an older harness lacks is added after {@code status}.
     */
    static String patched(String text, String key, Object value) {
        text = reindent(text);
        String prefix = "  \"" + key + "\": ";
        String json = value instanceof String ? Json.write(value).trim() : Json.inline(value);
        List<String> lines = new ArrayList<>(List.of(text.split("\n")));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith(prefix)) {
                lines.set(i, prefix + json + (line.endsWith(",") ? "," : ""));
                return String.join("\n", lines) + "\n";
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("  \"status\": ") && lines.get(i).endsWith(",")) {
                lines.add(i + 1, prefix + json + ",");
                return String.join("\n", lines) + "\n";
            }
        }
        throw new IllegalStateException("manifest has no top-level '" + key + "' and no 'status' to add it after");
    }

    private String field(String key) {
        String prefix = "  \"" + key + "\": \"";
        for (String line : reindent(read(file.getParent())).split("\n")) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length(), line.lastIndexOf('"'));
            }
        }
        return "";
    }

    /** The manifest without the indentation of its lines (still the same JSON, one value a line). */
    static String dedent(String text) {
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n")) {
            b.append(line.strip()).append('\n');
        }
        return b.toString();
    }

    /** Undoes {@link #dedent}: each line indented by its depth, as {@link Json#write} lays it out. */
    static String reindent(String text) {
        if (!text.contains("\n\"status\": ")) {
            return text;
        }
        StringBuilder b = new StringBuilder();
        int depth = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("}") || line.startsWith("]")) {
                depth--;
            }
            b.append("  ".repeat(Math.max(0, depth))).append(line).append('\n');
            if (line.endsWith("{") || line.endsWith("[")) {
                depth++;
            }
        }
        return b.toString();
    }

    private void write() {
        AtomicFiles.write(file, Json.write(data));
    }

    public static String read(Path runDir) {
        try {
            return Files.readString(runDir.resolve(RunFolder.MANIFEST));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
