package handoff.harness.cli;

import handoff.harness.fleet.Damage;
import handoff.harness.fleet.ExportCommand;
import handoff.harness.fleet.TidyForks;
import handoff.harness.page.RunData;
import handoff.harness.report.ReportWriter;
import handoff.harness.report.Study;
import handoff.harness.suites.Suites;
import handoff.harness.sweep.SourceCommit;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code report <run-dir | study-dir>} or {@code report RUN_A RUN_B … --study DIR}: plot data, figures (optional), REPORT.md
 * and its appendices for one run folder or a study of several ({@link Study}); {@code --beside} and {@code --top} add the
 * other reference box and the top-level page.
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = BuildInfo.Provider.class,
        description = {"Generate REPORT.md, its appendices and the figures from one run folder or a study.",
                "A study is several run folders of one machine and one commit read as one report: its folder holds",
                "study.properties (runs=RUN_A,RUN_B, relative to it) and receives the report; `report RUN_A RUN_B",
                "--study DIR` writes it, `report DIR` re-renders it. Each suite names the run it comes from, whether",
                "that run ran to its end, and the planned configurations it never ran (nothing is drawn from them).",
                "Always writes the plot data to <folder>/plots/data/; with --plots also runs <plots-dir>/plot-all.sh.",
                "Exit: 0 report written; 1 report not written; 2 bad input (e.g. runs of different machines or",
                "commits), or report written but plotting failed."})
public final class ReportCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "a run folder (results/20250101-120000-abc1234), a study folder "
            + "(holds study.properties), or several run folders with --study")
    List<File> dirs;

    @Option(names = "--study", paramLabel = "DIR", description = "make DIR a study of the run folders given (writes DIR/study.properties) and report it")
    File studyDir;

    @Option(names = "--beside", paramLabel = "RUN", description = "the other reference box's run folder: the same configurations side by side "
            + "(ratios to each box's reference row); the claims and published comparison use its rows where this report has none")
    File beside;

    @Option(names = "--top", paramLabel = "FILE", description = "also write the top-level page (e.g. REPORT.md): this report's answers first, "
            + "the --beside box's answer beside them")
    File top;

    @Option(names = "--earlier", paramLabel = "DIR", description = "with --top: an earlier run or study folder of the main box, whose "
            + "headline lines answer the questions this report's runs did not measure (each marked by its own citability: a run "
            + "measured under another test is exploratory); repeatable")
    List<File> earlier = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", description = "where to write the report (default: <run>/REPORT.md)")
    File out;

    @Option(names = "--plots", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run plot-all.sh before writing the report (default: ${DEFAULT-VALUE})")
    boolean plots;

    @Option(names = "--plots-dir", paramLabel = "DIR", defaultValue = "plots",
            description = "folder holding plot-all.sh and the .gp scripts (default: ${DEFAULT-VALUE}, relative to the working directory)")
    File plotsDir;

    @Spec
    CommandSpec spec;

    public ReportCommand() {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReportCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (File d : dirs) {
            if (!Files.isDirectory(d.toPath())) {
                err.println("report: " + d + " is not a folder");
                return 1;
            }
        }
        if (dirs.size() > 1 && studyDir == null) {
            throw new Main.BadInput("report: " + dirs.size() + " folders given; several run folders make a study: add --study DIR");
        }
        Path run = studyDir != null ? studyDir.toPath() : dirs.get(0).toPath();
        if (studyDir != null) {
            Study.write(run, dirs.stream().map(File::toPath).toList());
        }
        Path target = out != null ? out.toPath() : run.resolve("REPORT.md");
        SourceCommit git = BuildInfo.git(); // the code that writes the report
        String generator = git.commit() + (git.dirty() ? " (dirty working tree)" : "");
        Study study = Study.isStudy(run) ? study(run) : null;
        RunData data = study != null ? study.merged : RunData.load(run);
        RunData other = beside == null ? null : Study.isStudy(beside.toPath()) ? study(beside.toPath()).merged : RunData.load(beside.toPath());
        List<RunData> before = new ArrayList<>();
        for (File e : earlier) {
            if (!Files.isDirectory(e.toPath())) {
                throw new Main.BadInput("report: --earlier " + e + " is not a folder; allowed: a run or study folder");
            }
            before.add(Study.isStudy(e.toPath()) ? study(e.toPath()).merged : RunData.load(e.toPath()));
        }
        int rc = ReportWriter.generate(data, study, other, before, target, top == null ? null : top.toPath(), plots, plotsDir.toPath(),
                Suites.reportParts(), generator, o, err);
        if (rc != 1 && study == null) {
            tidy(run, o, err);
        }
        return rc;
    }

    /** A study folder's runs, each with its plan as its manifest records it; refuses runs of different machines or commits. */
    static Study study(Path dir) throws IOException {
        Map<String, List<String>> files = new LinkedHashMap<>();
        for (String s : Suites.names()) {
            files.put(s, Suites.get(s).schema().files().stream().map(f -> f.file()).toList());
        }
        List<Study.Member> members = new ArrayList<>();
        for (Path r : Study.runs(dir)) {
            RunData data = RunData.load(r);
            members.add(new Study.Member(r, data, RunPlan.of(r, data, files)));
        }
        return Study.load(dir, members, files);
    }

    /** The run's per-fork values as forks.csv beside its CSVs (README "Many boxes"); a damaged folder gets none, and says why. */
    private static void tidy(Path run, PrintWriter o, PrintWriter err) throws IOException {
        String damage = Damage.of(run);
        if (damage != null) {
            err.println("report: no " + TidyForks.FILE + ": " + damage);
            return;
        }
        int n = ExportCommand.write(run, run.resolve(TidyForks.FILE));
        o.println("report: " + n + " per-fork values in " + run.resolve(TidyForks.FILE));
    }
}
