package handoff.harness.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import handoff.harness.env.Machine;
import handoff.harness.report.Declared;
import handoff.harness.report.RecordedPlan;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import handoff.harness.results.Schemas;
import handoff.harness.results.TransportTraits;
import handoff.harness.results.WriteFailed;
import handoff.harness.runtime.JvmOptions;
import handoff.harness.suites.Suites;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code manifest.json}: everything needed to trace a number to the machine, JVM and commit that made
 * it (docs/architecture.md §7). Written when the run starts (status {@code running}); every later change (the
 * plan's fit, timing, the end, a resume) reads the whole tree, sets its keys and writes it back atomically
 * ({@link #update}): never a patch of the text.
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

    public static ManifestWriter create(RunFolder run, String runId, SourceCommit git, String commandLine, Map<String, Object> plan,
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
        git.into(m); // the build's commit and dirty flag; the current folder's beside them where they differ
        m.put("date_utc", Instant.now().toString());
        m.put("command_line", commandLine);
        m.put("profile", plan.get("profile"));
        m.put("suites", plan.get("suites"));
        m.put("plan", plan);
        m.put(Declared.MANIFEST_KEY, Declared.record());
        m.put(TransportTraits.KEY,
                TransportTraits.of(handoff.queues.Transports.all()));
        m.put(Schemas.MANIFEST_KEY, Schemas.registered().formats());
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", System.getProperty("java.runtime.version", System.getProperty("java.version")));
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        jvm.put("java_home", System.getProperty("java.home"));
        jvm.put("flags", JvmOptions.FLAGS);
        Map<String, Object> heaps = new LinkedHashMap<>(); // a suite whose trials run on another heap says so
        for (String name : Suites.names()) {
            List<String> args = Suites.get(name).jvmArgs(null);
            if (!args.equals(JvmOptions.HEAP)) {
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

    /**
     * Re-opens a run's manifest for {@code --resume}: the original facts stay, the resume is noted, and where the code
     * that resumes is not the code that started the run its commit is added to {@code resumed_git_commits}.
     */
    public static ManifestWriter resume(RunFolder run, SourceCommit git) {
        ManifestWriter m = new ManifestWriter(run.dir().resolve(RunFolder.MANIFEST), null);
        m.update(tree -> {
            if (!git.commit().equals(tree.path("git_commit").asText()) || git.dirty() != tree.path("git_dirty").asBoolean()) {
                String others = tree.path("resumed_git_commits").asText("");
                tree.put("resumed_git_commits", (others.isEmpty() ? "" : others + " ") + git.commit() + (git.dirty() ? "+dirty" : ""));
            }
            String resumes = tree.path("resumed_utc").asText("");
            tree.put("resumed_utc", (resumes.isEmpty() ? "" : resumes + " ") + Instant.now());
            tree.put("status", "running");
            tree.put(WRITE_FAILURE, "");
        });
        return m;
    }

    /** Records how the run ended; the rest of the manifest stays as it is (a resumed run keeps its facts). */
    public synchronized void finish(String status, Counts counts) {
        update(tree -> {
            tree.put("status", status);
            tree.put("finished_utc", Instant.now().toString());
            if (counts != null) {
                tree.put("counts", counts.toString());
            }
        });
    }

    /** Per suite timing of the run so far, for the next run's opening estimate. */
    public synchronized void timing(Map<String, Object> timing) {
        update(tree -> tree.set(TIMING, Json.tree(timing)));
    }

    /**
     * How the plan was fitted before the first trial ({@link PlanFit}): the budget, the calibration it used (a resumed
     * run plans with it again), what quick deferred to full (suite, what, trials, seconds), the further rounds per
     * declared table (planned, run) and the configurations the plan holds ({@link #planned}), in one write.
     */
    public synchronized void fit(Map<String, Object> fit, List<Object> deferred, List<Object> rounds, List<Object> configurations) {
        update(tree -> {
            tree.set(FIT, Json.tree(fit));
            tree.set(DEFERRED, Json.tree(deferred));
            tree.set(ROUNDS, Json.tree(rounds));
            planned(tree, configurations);
        });
    }

    /**
     * The configurations the plan holds ({@link handoff.harness.report.RecordedPlan}), written before the first trial so that
     * a report names what the run planned from its own record, never from a plan re-made later. A resume keeps the
     * record and adds only configurations it lacks.
     */
    private static void planned(ObjectNode tree, List<Object> configurations) {
        JsonNode before = tree.get(RecordedPlan.KEY);
        ArrayNode out = tree.arrayNode();
        Set<String> keys = new HashSet<>();
        if (before != null && before.isArray()) {
            before.forEach(c -> {
                out.add(c);
                keys.add(c.path("key").asText());
            });
        }
        for (Object c : configurations) {
            if (c instanceof Map<?, ?> m && keys.add(String.valueOf(m.get("key")))) {
                out.add(Json.tree(c));
            }
        }
        tree.set(RecordedPlan.KEY, out);
    }

    /** Top-level manifest keys of {@link #fit}. */
    public static final String FIT = "plan_fit";
    public static final String DEFERRED = "deferred";
    public static final String ROUNDS = "fork_rounds";

    /** A top-level value of the manifest as written so far (maps, lists, longs, doubles); null where it has none or cannot be read. */
    synchronized Object value(String key) {
        try {
            return Json.parse(readForWrite()) instanceof Map<?, ?> m ? m.get(key) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Marks the run {@value #WRITE_FAILED} with the path and cause, in one rewrite. On a full disk the usual
     * temp-file-and-rename cannot work: then the manifest is rewritten in its own blocks, on one line (the same
     * JSON without its indentation, so shorter than the file it replaces). Returns false when neither worked (the
     * manifest then still says {@code running}, which the report reads as incomplete).
     */
    public synchronized boolean writeFailed(WriteFailed e) {
        ObjectNode tree;
        try {
            tree = Json.object(readForWrite());
        } catch (WriteFailed | IllegalArgumentException gone) {
            return false;
        }
        tree.put("status", WRITE_FAILED);
        tree.put("finished_utc", Instant.now().toString());
        tree.put(WRITE_FAILURE, e.path() + ": " + e.reason());
        try {
            AtomicFiles.write(file, Json.write(tree));
            return true;
        } catch (WriteFailed again) {
            try { // no temp file on a full disk: the one-line text needs no block the file does not hold already
                AtomicFiles.rewriteInPlace(file, Json.compact(tree));
                return true;
            } catch (WriteFailed notEven) {
                return false;
            }
        }
    }

    /**
     * Read, modify, write: the manifest as it is on disk, parsed into a tree, changed by {@code change}, written
     * whole to a temp file beside it and moved into place ({@link AtomicFiles}). An unreadable manifest is a write
     * that cannot be made.
     */
    private void update(Consumer<ObjectNode> change) {
        ObjectNode tree;
        try {
            tree = Json.object(readForWrite());
        } catch (IllegalArgumentException e) {
            throw new WriteFailed(file, new IOException("manifest is not a JSON object: " + e.getMessage()));
        }
        change.accept(tree);
        AtomicFiles.write(file, Json.write(tree));
    }

    /** The text to update; a manifest gone from under the run (its folder removed) is a write that cannot be made. */
    private String readForWrite() {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new WriteFailed(file, e);
        }
    }

    private void write() {
        AtomicFiles.write(file, Json.write(data));
    }

    public static String read(Path runDir) {
        try {
            return Files.readString(runDir.resolve(RunFolder.MANIFEST));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
