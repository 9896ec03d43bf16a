package handoff.harness.cli;

import handoff.harness.env.CpuList;
import handoff.harness.env.Machine;
import handoff.harness.env.Preflight;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.Json;
import handoff.harness.results.RunFolder;
import handoff.harness.results.WriteFailed;
import handoff.harness.sweep.Calibration;
import handoff.harness.sweep.ManifestWriter;
import handoff.harness.sweep.SourceCommit;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.SweepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Plans and runs a sweep into {@code <out>/<run-id>/}. Its options are {@link SweepOptions}' table, added to this
 * command by {@link Options}. Every option is validated before anything is created: bad input gets one line naming
 * the value and what is allowed, exit code 2, and no folder.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class, description = "Run a sweep of trials into a new run folder.",
        sortOptions = false, usageHelpWidth = 100, modelTransformer = SweepCommand.Options.class)
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Adds every row of {@link SweepOptions#ALL} to the command as a picocli option. */
    public static final class Options implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            return addTo(command, SweepOptions.ALL);
        }

        /** Adds each row of a table to a command as a picocli option: its help lines, hidden or not, its value's label. */
        static CommandSpec addTo(CommandSpec command, List<SweepOption> table) {
            for (SweepOption o : table) {
                OptionSpec.Builder b = OptionSpec.builder(o.name()).description(o.helpLines()).hidden(o.hidden());
                command.addOption((o.flag() ? b.arity("0").type(boolean.class) : b.arity("1").type(String.class).paramLabel(o.label())).build());
            }
            return command;
        }
    }

    @Override
    public Integer call() throws IOException {
        GivenOptions given = GivenOptions.parsed(spec.commandLine().getParseResult(), SweepOptions.ALL);
        given.check(); // each value as typed, --resume's own included, before anything reads one
        Machine machine = Machine.probe();
        if (given.has("--resume")) {
            return resume(Path.of(given.text("--resume")), given, machine);
        }
        SweepPlan plan = SweepOptions.plan(given, machine, false);
        Path out = Path.of(given.textOr("--out", "results"));
        List<String> faults = faults(given);
        if (given.has("--dry-run")) {
            Sweep.Planned planned = Sweep.planned(plan, History.of(plan, out, null, machine));
            planned.trials().forEach(t -> System.out.println(t));
            planned.summary().forEach(line -> System.out.println("# " + line));
            return 0;
        }
        SourceCommit git = BuildInfo.git();
        String runId = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(ZonedDateTime.now(ZoneOffset.UTC)) + "-" + git.shortCommit();
        Path dir = out.resolve(runId);
        for (int i = 2; Files.exists(dir); i++) {
            dir = out.resolve(runId + "-" + i);
        }
        RunFolder run = new RunFolder(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new WriteFailed(dir, e);
        }
        given.write(dir.resolve(RunFolder.SWEEP));
        List<String> warnings = new ArrayList<>(Preflight.warnings(machine, plan.cpus(), plan.pinned(), Sweep.maxThreads(plan)));
        if (git.warning() != null) {
            warnings.add(git.warning());
        }
        String pinning = plan.pinned() ? "threads placed by role on CPUs " + SweepPlan.join(plan.cpus())
                + " (producers from the front, consumers from the back)" : "none (--cpus not given)";
        Calibration calibration = History.of(plan, out, dir, machine); // before the run's clock starts (the manifest's date_utc)
        ManifestWriter manifest = ManifestWriter.create(run, dir.getFileName().toString(), git,
                given.textOr("--command-line", "handoff sweep"), SweepOptions.describe(plan), machine, warnings, pinning);
        System.out.println("run folder: " + dir);
        if (given.has("--run-dir-file")) {
            AtomicFiles.write(Path.of(given.text("--run-dir-file")), dir.toString());
        }
        for (String w : warnings) {
            System.out.println("warning: " + w);
        }
        return new Sweep(plan, run, () -> manifest, System.out, given.has("--quiet"), faults).calibrated(calibration).run() ? 0 : 130;
    }

    private Integer resume(Path resume, GivenOptions given, Machine machine) {
        if (!RunFolder.isRun(resume)) {
            throw new Main.BadInput("--resume " + resume + " is not a run folder (no manifest.json and sweep.properties)");
        }
        List<String> allowed = SweepOptions.withResume();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (!allowed.contains(o.longestName())) {
                throw new Main.BadInput("--resume runs the rest of " + resume + " with the options it was started with; " + o.longestName()
                        + " cannot be given with it (allowed with --resume: --quiet, --dry-run)");
            }
        }
        GivenOptions saved = GivenOptions.read(resume.resolve(RunFolder.SWEEP));
        SweepPlan plan = SweepOptions.plan(saved, machine, true);
        RunFolder run = new RunFolder(resume);
        // the calibration the run was planned with, so that its plan and rounds come out the same
        Calibration calibration = Calibration.fromJson(fitOf(resume))
                .orElseGet(() -> History.of(plan, resume.toAbsolutePath().getParent(), resume.toAbsolutePath(), machine));
        if (given.has("--dry-run")) {
            Sweep.planned(plan, calibration).trials().stream().filter(t -> !run.hasTrial(t.key())).forEach(System.out::println);
            return 0;
        }
        System.out.println("resuming run folder: " + resume);
        SourceCommit git = BuildInfo.git();
        String started = startedBy(resume);
        if (!started.equals(git.commit() + git.dirty())) {
            System.out.println("warning: " + resume + " was started by other code than this harness's (commit " + git.shortCommit()
                    + (git.dirty() ? " with uncommitted changes" : "") + "): its manifest adds this commit to resumed_git_commits");
        }
        if (given.has("--run-dir-file")) {
            AtomicFiles.write(Path.of(given.text("--run-dir-file")), resume.toString());
        }
        return new Sweep(plan, run, () -> ManifestWriter.resume(run, git), System.out, given.has("--quiet"), faults(saved))
                .calibrated(calibration).run() ? 0 : 130;
    }

    /** The commit and dirty flag a run folder's manifest records as the code that started it, e.g. {@code 36b93dc…false}. */
    private static String startedBy(Path run) {
        try {
            Object m = Json.parse(ManifestWriter.read(run));
            return m instanceof Map<?, ?> mm ? String.valueOf(mm.get("git_commit")) + mm.get("git_dirty") : "";
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** The calibration a run folder's manifest recorded when its plan was fitted; null where it has none. */
    private static Object fitOf(Path run) {
        try {
            Object m = Json.parse(ManifestWriter.read(run));
            return m instanceof Map<?, ?> mm && mm.get(ManifestWriter.FIT) instanceof Map<?, ?> fit ? fit.get("calibration") : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The faults {@code --fault} injects (test only); none where it is not given. */
    private static List<String> faults(GivenOptions given) {
        String f = given.text("--fault");
        return f == null ? List.of() : List.of(f.split(","));
    }

    static List<Integer> parseCpus(String text, Machine machine) {
        List<Integer> list;
        try {
            list = CpuList.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput("--cpus: " + e.getMessage());
        }
        int online = machine.onlineCpus();
        for (int c : list) {
            if (c >= Math.max(online, machine.siblings().size())) {
                throw new Main.BadInput("--cpus " + text + " names CPU " + c + ", but this box has CPUs 0-" + (Math.max(online, machine.siblings().size()) - 1));
            }
        }
        return list;
    }
}
