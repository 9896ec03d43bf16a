package handoff.harness.report;

import handoff.harness.page.CsvFile;
import handoff.harness.page.Manifest;
import handoff.harness.page.RunData;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.results.Spikes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study: several run folders of one machine and one commit read as one report. Its folder holds
 * {@value #PROPERTIES} ({@code runs=} the run folders, relative to the study folder, comma-separated) and receives the
 * report, its appendices and its figures; the runs stay as measured. Each result file comes from exactly one run;
 * each suite says which run it comes from, whether that run ran to its end and, from the run's own plan, which
 * configurations it never ran ({@code Provenance}). A suite no run ran has no rows, so nothing is drawn from it.
 */
public final class Study {
    public static final String PROPERTIES = "study.properties";
    /**
     * Result files every run writes a line per trial into (its trial named on each line, {@link
     * handoff.harness.results.TrialLabels}): where two runs of a study hold one, it reads both runs' lines, in the
     * study's order. Every other result file comes from one run.
     */
    static final List<String> PER_TRIAL = List.of(Spikes.FILE, Spikes.JITTER_FILE,
            Spikes.TIMELINE);
    /** The manifest facts two runs must share to be one study (machine, JVM, commit). */
    static final List<String> SAME = List.of("machine.cpu_model", "machine.cores", "machine.online_cpus", "machine.hostname",
            "machine.os", "jvm.version", "git_commit");

    /** One configuration column of a planned trial and the value the plan gives it, e.g. {@code transport=abq}. */
    public record Setting(String column, String value) {
    }

    /** One configuration a run planned: its suite, key, configuration (its settings, in the plan's order) and forks. */
    public record Planned(String suite, String key, List<Setting> config, int forks) {
        public Planned {
            config = List.copyOf(config);
        }

        /** "transport=abq, producers=2, …", the way the report names it. */
        public String describe() {
            return String.join(", ", config.stream().map(s -> s.column() + "=" + s.value()).toList());
        }
    }

    /** A run's plan re-made from its saved options: the planned configurations, or why it could not be re-made. */
    public record Plan(List<Planned> configurations, String problem) {
        public static Plan unknown(String why) {
            return new Plan(List.of(), why);
        }

        public boolean known() {
            return problem == null;
        }
    }

    /** One run of the study. */
    public record Member(Path dir, RunData data, Plan plan) {
    }

    public final Path dir;
    public final List<Member> members;
    /** Suite name to the files it writes, in registry order. */
    final Map<String, List<String>> suiteFiles;
    public final RunData merged;

    private Study(Path dir, List<Member> members, Map<String, List<String>> suiteFiles, RunData merged) {
        this.dir = dir;
        this.members = List.copyOf(members);
        this.suiteFiles = suiteFiles;
        this.merged = merged;
    }

    /** Whether a folder is a study folder (holds {@value #PROPERTIES}). */
    public static boolean isStudy(Path dir) {
        return Files.isRegularFile(dir.resolve(PROPERTIES));
    }

    /** The run folders a study folder names, resolved against it; bad input (no runs, a run that is not a folder) throws. */
    public static List<Path> runs(Path dir) {
        String v = RunFolder.readProperties(dir.resolve(PROPERTIES)).getOrDefault("runs", "").trim();
        if (v.isEmpty()) {
            throw new IllegalArgumentException(dir.resolve(PROPERTIES) + " names no runs (runs=RUN_A,RUN_B, relative to the study folder)");
        }
        List<Path> out = new ArrayList<>();
        for (String r : v.split(",")) {
            Path p = dir.resolve(r.trim()).normalize();
            if (!RunFolder.isRun(p)) {
                throw new IllegalArgumentException(PROPERTIES + " of " + dir + " names " + r.trim() + ", which is not a run folder "
                        + "(no manifest.json and sweep.properties)");
            }
            out.add(p);
        }
        return out;
    }

    /** Writes a study folder's {@value #PROPERTIES} naming the runs (relative to it). */
    public static void write(Path dir, List<Path> runs) throws IOException {
        Files.createDirectories(dir);
        List<String> rel = new ArrayList<>();
        Path base = dir.toAbsolutePath().normalize();
        for (Path r : runs) {
            rel.add(base.relativize(r.toAbsolutePath().normalize()).toString().replace('\\', '/'));
        }
        AtomicFiles.write(dir.resolve(PROPERTIES), "# a study: the run folders one report is read from (handoff report " + dir.getFileName()
                + ")\nruns=" + String.join(",", rel) + "\n");
    }

    /**
     * Reads a study of the given runs; refuses (IllegalArgumentException, one line) runs of different machines or
     * commits and two runs holding the same result file (but a per-trial one, {@link #PER_TRIAL}).
     */
    public static Study load(Path dir, List<Member> members, Map<String, List<String>> suiteFiles) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a study needs at least one run folder");
        }
        Manifest first = members.get(0).data().manifest;
        Map<String, CsvFile> files = new LinkedHashMap<>();
        Map<String, Member> holder = new LinkedHashMap<>(); // result file → the run it comes from
        List<Path> sources = new ArrayList<>();
        List<String> suites = new ArrayList<>();
        boolean complete = true;
        for (Member m : members) {
            Manifest mm = m.data().manifest;
            for (String k : SAME) {
                if (!first.str(k).equals(mm.str(k))) {
                    throw new IllegalArgumentException("runs " + members.get(0).data().runId + " and " + m.data().runId + " differ in " + k
                            + " (" + first.str(k) + " vs " + mm.str(k) + "); a study reads runs of one machine and one commit");
                }
            }
            for (Map.Entry<String, CsvFile> e : m.data().csv.entrySet()) {
                Member before = holder.putIfAbsent(e.getKey(), m);
                if (before != null && PER_TRIAL.contains(e.getKey())) {
                    files.put(e.getKey(), files.get(e.getKey()).then(e.getValue()));
                    continue;
                }
                if (before != null) {
                    throw new IllegalArgumentException("runs " + before.data().runId + " and " + m.data().runId + " both hold " + e.getKey()
                            + "; a study takes each result file from one run");
                }
                files.put(e.getKey(), e.getValue());
            }
            sources.add(m.dir());
            mm.strings("suites").stream().filter(s -> !suites.contains(s)).forEach(suites::add);
            complete &= mm.complete();
        }
        Map<String, Object> own = new LinkedHashMap<>();
        own.put("run_id", dir.toAbsolutePath().normalize().getFileName().toString());
        own.put("status", complete ? "complete" : "interrupted");
        own.put("suites", suites);
        List<String> counts = new ArrayList<>();
        members.forEach(m -> counts.add(m.data().runId + ": " + m.data().manifest.str("counts")));
        own.put("counts", String.join("; ", counts));
        RunData merged = RunData.merged(dir, first.with(own), files, sources);
        return new Study(dir, members, suiteFiles, merged);
    }

    /** Whether any run of the study stopped before its plan ended. */
    public boolean interrupted() {
        return members.stream().anyMatch(m -> !m.data().manifest.complete());
    }
}
