package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.results.RunFolder;
import handoff.harness.trial.SweepPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The one option table: it makes picocli's options, the plan, sweep.properties, the resume and the manifest's plan. */
class SweepOptionsTest {
    @TempDir
    Path out;

    private static final Machine MACHINE = Machine.probe();

    @Test
    void everyRowIsAnOptionOfTheCommandWithItsHelp() {
        CommandLine sweep = Main.commandLine().getSubcommands().get("sweep");
        for (SweepOption o : SweepOptions.ALL) {
            OptionSpec spec = sweep.getCommandSpec().findOption(o.name());
            assertThat(spec).as(o.name()).isNotNull();
            assertThat(spec.description()).containsExactly(o.helpLines());
            assertThat(spec.hidden()).isEqualTo(o.hidden());
            assertThat(spec.arity().max()).isEqualTo(o.flag() ? 0 : 1);
        }
        StringWriter help = new StringWriter();
        sweep.usage(new PrintWriter(help));
        assertThat(help.toString()).contains("--budget=DURATION").contains("--producers=LIST").doesNotContain("--fault");
    }

    /** Each row that takes a value checks it (issue 41): a blank one is refused by every option, hidden ones too. */
    @Test
    void everyRowWithAValueRefusesABlankOne() {
        for (SweepOption o : SweepOptions.ALL) {
            if (o.flag()) {
                continue;
            }
            StringWriter err = new StringWriter();
            int code = o.name().equals("--out") ? execute(err, "sweep", "--dry-run", o.name(), "")
                    : execute(err, "sweep", "--dry-run", o.name(), "", "--out", out.resolve("runs").toString());
            assertThat(code).as(o.name()).isEqualTo(2);
            assertThat(err.toString().strip()).as(o.name()).isEqualTo("handoff: " + o.name() + " '' is empty; allowed: " + o.value().allowed());
            assertThat(out.resolve("runs")).doesNotExist();
        }
    }

    @Test
    void aRowWithAValueMustSayWhatItMayBe() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SweepOption.custom("--new", "N", "a new option", null, null,
                (in, v) -> { }, null)).hasMessageContaining("--new: an option with a value says what it may be");
    }

    @Test
    void theHelpGivesEachOptionsAllowedValuesAndDefault() {
        StringWriter help = new StringWriter();
        Main.commandLine().getSubcommands().get("sweep").usage(new PrintWriter(help));
        String text = help.toString().replaceAll("\\s+", " ");
        String squeezed = text.replaceAll("\\s+", ""); // picocli wraps lines, at a space or after a ':'

        for (SweepOption o : SweepOptions.ALL) {
            if (o.hidden()) {
                assertThat(text).doesNotContain(o.name() + " ").doesNotContain(o.name() + "=");
                continue;
            }
            for (String line : o.helpLines()) {
                assertThat(squeezed).as(o.name()).contains(line.replaceAll("\\s+", ""));
            }
        }
        assertThat(text).contains("allowed: 1..64 (each is a thread)").contains("default: smoke 0, quick 18m, full 12h");
    }

    @ParameterizedTest(name = "--budget {0}")
    @CsvSource(delimiter = '|', value = {
            "5x|--budget '5x' is not a duration; allowed: 0 (the plan's forks only) or a whole number with s, m, h or d",
            "-1m|--budget '-1m' is not a duration",
            "8d|--budget 8d is out of range; allowed: 0",
            "''|--budget '' is empty; allowed: 0 (the plan's forks only)",
    })
    void aBadBudgetIsOneLineAndNothingIsCreated(String value, String message) throws Exception {
        StringWriter err = new StringWriter();
        int code = execute(err, "sweep", "--dry-run", "--out", out.resolve("runs").toString(), "--budget", value);
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).startsWith("handoff: ").contains(message).doesNotContain("\n");
        assertThat(out.resolve("runs")).doesNotExist();
    }

    @Test
    void budgetsInEveryUnit() {
        for (var c : Map.of("0", 0L, "90s", 90L, "20m", 1200L, "1h", 3600L, "7d", 7 * 86_400L).entrySet()) {
            assertThat(plan("--profile", "quick", "--budget", c.getKey()).budgetSeconds()).as(c.getKey()).isEqualTo(c.getValue());
        }
    }

    @Test
    void theProfilesBudgetUnlessOneIsGiven() {
        assertThat(plan("--profile", "quick").budgetSeconds()).isEqualTo(18 * 60);
        assertThat(plan("--profile", "smoke").budgetSeconds()).isZero();
        assertThat(plan("--profile", "quick", "--budget", "1h").budgetSeconds()).isEqualTo(3600);
    }

    @Test
    void whatARunKeepsReplansTheSamePlan() {
        GivenOptions given = given("--profile", "smoke", "--suites", "rtt,pipeline", "--transports", "abq,lmax", "--budget", "20m",
                "--oversubscribe", "--hlog-interval-ms", "250", "--out", out.toString(), "--quiet");
        Map<String, String> saved = given.saved();
        assertThat(saved).containsEntry("budget", "20m").containsEntry("oversubscribe", "true").containsEntry("capacity", "1024")
                .doesNotContainKeys("out", "quiet");
        SweepPlan again = SweepOptions.plan(GivenOptions.fromSaved(SweepOptions.ALL, saved), MACHINE, true);
        assertThat(SweepOptions.describe(again)).isEqualTo(SweepOptions.describe(SweepOptions.plan(given, MACHINE, true)));
        assertThat(again.budgetSeconds()).isEqualTo(1200);
    }

    /** The committed reference run was made before --budget: resumed, it keeps its plan's forks and no more. */
    @Test
    void aRunFromBeforeTheBudgetIsResumedWithoutFurtherForks() throws Exception {
        Path reference = Path.of("../results/20261124-203515-472f2c7/sweep.properties");
        assertThat(reference).as("the committed reference run").isRegularFile();
        Map<String, String> saved = RunFolder.readProperties(reference);
        assertThat(saved).doesNotContainKey("budget");
        SweepPlan plan = SweepOptions.plan(GivenOptions.read(reference), MACHINE, true);
        assertThat(plan.budgetSeconds()).isZero();
        assertThat(plan.profile().id()).isEqualTo("quick");
        assertThat(plan.capacity()).isEqualTo(1024);
    }

    @Test
    void theManifestsPlanKeepsItsKeys() {
        assertThat(SweepOptions.describe(plan("--profile", "smoke", "--suites", "rtt")).keySet()).containsExactly(
                "profile", "suites", "transports", "producers", "bursts", "waits", "capacity", "rate_eps", "work", "workers", "consume",
                "forks", "rtt_forks", "ranking_forks", "cpus", "pinned", "oversubscribe", "hlog_interval_ms", "profiler",
                "rtt_messages", "budget_s", "trials");
    }

    @Test
    void resumeTakesOnlyTheInvocationsOptions() {
        assertThat(SweepOptions.withResume()).containsExactlyInAnyOrder("--resume", "--quiet", "--dry-run", "--run-dir-file",
                "--command-line");
    }

    /**
     * Every committed run's {@code sweep.properties} reads back as it was written: what a run keeps again holds each of
     * its lines (a key an older run lacks is added with the value that run was planned with), and, where no JDK is to be
     * started, its plan re-made from those is the same.
     */
    @Test
    void everyCommittedRunsOptionsReadBackAsWritten() throws Exception {
        Path results = Path.of("../results");
        assertThat(results).as("the committed runs").isDirectory();
        List<Path> files;
        try (var runs = Files.list(results)) {
            files = runs.map(r -> r.resolve(RunFolder.SWEEP)).filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            GivenOptions read = GivenOptions.read(f);
            assertThat(read.saved()).as(f.toString()).containsAllEntriesOf(RunFolder.readProperties(f));
            if (!read.has("--jdk") && !read.has("--gc") && !read.has("--threads")) {
                assertThat(SweepOptions.describe(SweepOptions.plan(GivenOptions.fromSaved(SweepOptions.ALL, read.saved()), MACHINE, true)))
                        .as(f.toString()).isEqualTo(SweepOptions.describe(SweepOptions.plan(read, MACHINE, true)));
            }
        }
    }

    /** The options of a {@code sweep} command line, as the command reads them. */
    private static GivenOptions given(String... args) {
        List<String> line = new ArrayList<>(List.of("sweep"));
        line.addAll(List.of(args));
        return GivenOptions.parsed(Main.commandLine().parseArgs(line.toArray(String[]::new)).subcommand(), SweepOptions.ALL);
    }

    private static SweepPlan plan(String... args) {
        return SweepOptions.plan(given(args), MACHINE, true);
    }

    private static int execute(StringWriter err, String... args) {
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        return cl.execute(new ArrayList<>(List.of(args)).toArray(String[]::new));
    }
}
