package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.env.Preflight;
import handoff.harness.gate.AbVerdict;
import handoff.harness.gate.GateExit;
import handoff.harness.gate.GateOptions;
import handoff.harness.results.AtomicFiles;
import handoff.harness.results.RunFolder;
import handoff.harness.results.WriteFailed;
import handoff.harness.sweep.AbPlan;
import handoff.harness.sweep.Calibration;
import handoff.harness.sweep.ManifestWriter;
import handoff.harness.sweep.SideBuild;
import handoff.harness.sweep.Sweep;
import handoff.harness.trial.BuildAxis;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code ab BASE HEAD}: two builds measured in one run (docs/running.md, "Two builds in one run"). Each side is a commit
 * (built in a git worktree of its own outside the checkout) or a built jar; one sweep ({@link AbPlan}) runs every
 * declared headline row quick judges once per build in every round, the two back to back in an order drawn per round,
 * each trial's JVM on its build's jar; then each row is judged HEAD against BASE ({@link AbVerdict}) and the verdict
 * written in Markdown beside the run.
 */
@Command(name = "ab", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class, sortOptions = false,
        usageHelpWidth = 100, modelTransformer = AbCommand.Options.class,
        description = {"Measure two builds in one run and judge HEAD against BASE, row by row: the declared headline rows quick",
                "judges on this box, each run once per build in every round (the two back to back, in an order drawn per",
                "round), judged by the paired t on the per-round log-ratios, Holm over the rows (docs/statistics.md §15).",
                "BASE and HEAD: commits of this repository (built in git worktrees outside the checkout) or built jars.",
                "Writes the run folder and its verdict (ab.md) under --out.",
                "Exit: 0 done (with --fail-on regression: no regression, and the run could have found one); 1 --fail-on",
                "regression and a regression (named); 2 bad input; 3 could not judge (a build failed, a row's trials failed,",
                "or no row could find twice the threshold: named); 70 internal error; 128 + N a signal."})
public final class AbCommand implements Callable<Integer> {
    /** The sweep options {@code ab} takes, rows of the sweep's table: what runs, on which CPUs, how long, where. */
    static final List<String> SWEEP_ROWS = List.of("--suites", "--transports", "--budget", "--cpus", "--out", "--quiet", "--dry-run");

    @Parameters(index = "0", arity = "0..1", paramLabel = "BASE", description = "the reference: a commit (HEAD~1, main, a sha) or a built handoff.jar")
    String base;

    @Parameters(index = "1", arity = "0..1", paramLabel = "HEAD", description = "the change: a commit or a built handoff.jar")
    String head;

    @Option(names = "--judge", paramLabel = "DIR", description = "judge a finished ab run folder again, nothing built or run "
            + "(at this --threshold; rewrites DIR/ab.md), instead of BASE and HEAD")
    Path judge;

    @CommandLine.Mixin
    GateOptions gate = new GateOptions();

    @Option(names = "--markdown", paramLabel = "FILE", description = "also write the verdict to FILE (e.g. $GITHUB_STEP_SUMMARY)")
    File markdown;

    @Option(names = "--seed", paramLabel = "N", description = "seed of each round's order of the two builds (default: drawn, and recorded)")
    Long seed;

    @Spec
    CommandSpec spec;

    /** Adds the sweep's rows {@link #SWEEP_ROWS} to this command as picocli options. */
    public static final class Options implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            return SweepCommand.Options.addTo(command, SWEEP_ROWS.stream().map(SweepOptions::get).toList());
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        GivenOptions given = GivenOptions.parsed(spec.commandLine().getParseResult(), SweepOptions.ALL);
        given.check();
        if (gate.bad() != null) {
            throw new Main.BadInput("ab: " + gate.bad());
        }
        double x = gate.threshold();
        if (judge != null) {
            if (base != null || head != null) {
                throw new Main.BadInput("ab: --judge " + judge + " takes no BASE or HEAD; allowed: ab BASE HEAD, or ab --judge DIR");
            }
            if (!Files.isDirectory(judge) || !Files.exists(judge.resolve("manifest.json"))) {
                throw new Main.BadInput("ab: --judge " + judge + " is not a run folder; allowed: a folder ab wrote (with its manifest.json)");
            }
            return verdict(judge, x, out);
        }
        if (base == null || head == null) {
            throw new Main.BadInput("ab: BASE and HEAD are both needed; allowed: ab BASE HEAD, or ab --judge DIR");
        }
        Machine machine = Machine.probe();
        SweepPlan plan = SweepOptions.plan(given, machine, false);
        if (!given.has("--budget")) {
            plan = plan.toBuilder().budgetSeconds(AbPlan.DEFAULT_BUDGET_S).build();
        }
        SideBuild baseSide = SideBuild.resolve(BuildAxis.BASE, base);
        SideBuild headSide = SideBuild.resolve(BuildAxis.HEAD, head);
        Path outDir = Path.of(given.textOr("--out", "results"));
        Calibration calibration = History.of(plan, outDir, null, machine);
        AbPlan ab = AbPlan.of(plan, calibration, seed != null ? seed : new java.security.SecureRandom().nextLong());
        if (given.has("--dry-run")) {
            for (SideBuild s : List.of(baseSide, headSide)) {
                out.println("# " + s.label() + ": " + s.given() + (s.built() ? " (the jar as given)" : " = commit " + s.commit() + " (to build)"));
            }
            ab.rows().forEach(t -> out.println("# row: " + t.configKey()));
            ab.summary().forEach(l -> out.println("# " + l));
            out.flush();
            return 0;
        }
        Path work = Files.createTempDirectory("handoff-ab-");
        List<SideBuild> built = new CopyOnWriteArrayList<>();
        // a stopped ab (Ctrl-C, kill, a closed terminal) runs no finally block: the hook takes the worktrees away then
        Thread takeAway = new Thread(() -> {
            built.forEach(SideBuild::remove);
            cleanUp(work);
            baseSide.prune(); // a worktree stopped mid-build, its folder gone with the builds' folder
            headSide.prune();
        }, "ab-worktrees");
        Runtime.getRuntime().addShutdownHook(takeAway);
        try {
            try {
                built.add(build(baseSide, work, out));
                built.add(!headSide.built() && headSide.commit().equals(baseSide.commit()) ? headSide.sharing(built.get(0))
                        : build(headSide, work, out));
            } catch (SideBuild.BuildFailed e) {
                spec.commandLine().getErr().println("handoff: ab: could not judge: " + e.getMessage());
                return GateExit.CANNOT_JUDGE;
            }
            return measure(plan, ab, calibration, built.get(0), built.get(1), x, machine, outDir, given.has("--quiet"), out);
        } finally {
            built.forEach(SideBuild::remove);
            cleanUp(work);
            try {
                Runtime.getRuntime().removeShutdownHook(takeAway);
            } catch (IllegalStateException stopping) {
                // the JVM is already stopping: the hook runs, and finds nothing left to take away
            }
        }
    }

    private SideBuild build(SideBuild side, Path work, PrintWriter out) {
        if (!side.built()) {
            out.println("ab: building " + side.label().toUpperCase(Locale.ROOT) + " (" + side.shortName() + ") in " + work
                    + " (mvn package, tests skipped)");
            out.flush();
        }
        return side.build(work, "mvn");
    }

    /** The run of both builds, then the verdict. */
    private int measure(SweepPlan plan, AbPlan ab, Calibration c, SideBuild b, SideBuild h, double x, Machine machine, Path outDir,
                        boolean quiet, PrintWriter out) throws IOException {
        String id = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(ZonedDateTime.now(ZoneOffset.UTC)) + "-ab-" + name(b) + "-" + name(h);
        Path dir = outDir.resolve(id);
        for (int i = 2; Files.exists(dir); i++) {
            dir = outDir.resolve(id + "-" + i);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new WriteFailed(dir, e);
        }
        RunFolder run = new RunFolder(dir);
        List<TrialSpec> trials = ab.trials(new BuildAxis.Side(BuildAxis.BASE, b.jar().toString()),
                new BuildAxis.Side(BuildAxis.HEAD, h.jar().toString()));
        Map<String, Object> described = SweepOptions.describe(plan);
        described.put("trials", (long) trials.size());
        Map<String, Object> record = new LinkedHashMap<>();
        record.put(BuildAxis.BASE, side(b));
        record.put(BuildAxis.HEAD, side(h));
        record.putAll(ab.toJson());
        described.put(AbVerdict.MANIFEST_KEY, record);
        List<String> warnings = Preflight.warnings(machine, plan.cpus(), plan.pinned(), Sweep.maxThreads(plan));
        ManifestWriter manifest = ManifestWriter.create(run, dir.getFileName().toString(), BuildInfo.git(),
                "handoff ab " + base + " " + head, described, machine, warnings, plan.pinned() ? "CPUs " + SweepPlan.join(plan.cpus()) : "none");
        out.println("run folder: " + dir);
        ab.summary().forEach(l -> out.println("plan: " + l));
        out.flush();
        boolean complete = new Sweep(plan, run, () -> manifest, System.out, quiet, List.of()).calibrated(c).running(trials).run();
        if (!complete) {
            return 130;
        }
        return verdict(dir, x, out);
    }

    /** The verdict of the ab run folder {@code dir}: ab.md written, printed, and the gate's exit code. */
    private int verdict(Path dir, double x, PrintWriter out) throws IOException {
        AbVerdict verdict = AbVerdict.of(dir, x);
        String md = verdict.markdown();
        AtomicFiles.write(dir.resolve("ab.md"), md);
        if (markdown != null) {
            AtomicFiles.write(markdown.toPath(), md);
        }
        out.println();
        out.print(md);
        int code = verdict.exit(gate.failOnRegression());
        if (verdict.regression()) {
            out.println("ab: regression beyond " + (int) Math.round(x * 100) + " %: " + String.join("; ", verdict.regressed())
                    + (gate.failOnRegression() ? ": exit 1" : ""));
        } else if (!verdict.missing().isEmpty()) {
            out.println("ab: could not judge: " + String.join(" ", verdict.missing()) + (code == GateExit.CANNOT_JUDGE ? ": exit 3" : ""));
        }
        out.println("ab: wrote " + dir.resolve("ab.md"));
        out.flush();
        return code;
    }

    /** A build in the run folder's name: its short commit, or the commit its jar says it was built from. */
    private static String name(SideBuild s) {
        String c = s.commit().isEmpty() ? s.buildInfo().getOrDefault("commit", "jar") : s.commit();
        return c.replaceAll("[^A-Za-z0-9]", "").substring(0, Math.min(7, c.replaceAll("[^A-Za-z0-9]", "").length()));
    }

    /** The manifest's record of one build: what was named, the commit, the jar, its hash and its own build record. */
    private static Map<String, Object> side(SideBuild s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("given", s.given());
        m.put("commit", s.commit());
        m.put("jar", s.jar().toString());
        m.put("sha256", s.sha256());
        m.put("build_info", new LinkedHashMap<String, Object>(s.buildInfo()));
        return m;
    }

    /** The builds' folder, with both worktrees already taken away. */
    private static void cleanUp(Path work) {
        try (var files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind costs disk, not a result
        }
    }
}
