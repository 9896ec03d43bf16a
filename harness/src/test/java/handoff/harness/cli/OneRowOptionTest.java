package handoff.harness.cli;

import handoff.harness.env.Machine;
import handoff.harness.trial.PlanKey;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 41: a sweep option is one row. Made-up options of each common kind (a list of whole numbers, a whole number
 * with a default per profile, a duration, one of some names, a flag), each added as one row to the table and nowhere
 * else (their plan keys are declared here, no production code knows them): each is in {@code --help} with what it
 * allows and its default, is parsed from a command line, refuses a bad value with one line naming the option, the value
 * and what is allowed ({@link Main.BadInput}: exit 2, as {@code SweepOptionsTest} shows for every real row), reaches
 * the plan ({@code plan.get(key)}), is kept in {@code sweep.properties} and given back by a resume, and is in the
 * manifest's {@code plan}.
 */
class OneRowOptionTest {
    private static final Machine MACHINE = Machine.probe();

    static final PlanKey<List<Integer>> SPINS = PlanKey.of("spins", List.of());
    static final PlanKey<Integer> DEPTH = PlanKey.of("depth", 0);
    static final PlanKey<Long> SETTLE = PlanKey.of("settle_s", 0L);
    static final PlanKey<String> MODE = PlanKey.of("mode", "calm");
    static final PlanKey<Boolean> LOUD = PlanKey.of("loud", false);

    /** The whole of each made-up option: one row. */
    static final List<SweepOption> MADE_UP = List.of(
            SweepOption.option("--spins", "LIST", "spins before a wait parks", OptionKind.wholes(1, 1000, "spins per wait"),
                    "none", SPINS),
            SweepOption.option("--depth", "N", "levels of the made-up thing", OptionKind.whole(1, 8, "levels"), "smoke 1, else 4",
                    DEPTH).preset(p -> p == Profile.SMOKE ? "1" : "4"),
            SweepOption.option("--settle", "DURATION", "time to settle before each trial",
                    OptionKind.duration(3600, "no settling", "per trial"), "0", SETTLE),
            SweepOption.option("--mode", "M", "how the made-up thing runs", OptionKind.oneOf(List.of("calm", "wild")), "calm", MODE),
            SweepOption.flag("--loud", "say more", "off", LOUD));

    private static List<SweepOption> table() {
        List<SweepOption> t = new ArrayList<>(SweepOptions.ALL);
        t.addAll(MADE_UP);
        return t;
    }

    @Test
    void eachRowIsInTheHelpWithWhatItAllowsAndItsDefault() {
        StringWriter help = new StringWriter();
        new CommandLine(SweepCommand.Options.addTo(CommandSpec.create().name("sweep"), table())).usage(new PrintWriter(help));
        String squeezed = help.toString().replaceAll("\\s+", "");
        for (SweepOption o : MADE_UP) {
            for (String line : o.helpLines()) {
                assertThat(squeezed).as(o.name()).contains(line.replaceAll("\\s+", ""));
            }
        }
        assertThat(help.toString()).contains("--spins=LIST").contains("--depth=N").contains("--settle=DURATION").contains("--loud");
        assertThat(squeezed).contains("allowed:1..1000(spinsperwait);acommalist,eachvalueonce")
                .contains("allowed:0(nosettling)orawholenumberwiths,m,hord,e.g.20mor1h,upto1h(pertrial)")
                .contains("allowed:calm,wild").contains("default:smoke1,else4");
    }

    @Test
    void eachRowIsParsedIntoThePlanAndTheManifest() {
        GivenOptions given = given("--profile", "smoke", "--suites", "rtt", "--spins", "5,10", "--settle", "2m", "--mode", "wild",
                "--loud");
        SweepPlan plan = SweepOptions.plan(given, MACHINE, true);
        assertThat(plan.get(SPINS)).containsExactly(5, 10);
        assertThat(plan.get(DEPTH)).isEqualTo(1); // smoke's preset
        assertThat(plan.get(SETTLE)).isEqualTo(120L);
        assertThat(plan.get(MODE)).isEqualTo("wild");
        assertThat(plan.get(LOUD)).isTrue();

        assertThat(SweepOptions.describe(table(), plan)).containsEntry("spins", List.of(5, 10)).containsEntry("depth", 1)
                .containsEntry("settle_s", 120L).containsEntry("mode", "wild").containsEntry("loud", true);
    }

    @Test
    void whereNotGivenThePlanHasTheDefault() {
        SweepPlan plan = SweepOptions.plan(given("--profile", "quick", "--suites", "rtt"), MACHINE, true);
        assertThat(plan.get(SPINS)).isEmpty();
        assertThat(plan.get(DEPTH)).isEqualTo(4); // quick's preset
        assertThat(plan.get(SETTLE)).isZero();
        assertThat(plan.get(MODE)).isEqualTo("calm");
        assertThat(plan.get(LOUD)).isFalse();
    }

    @Test
    void aRunKeepsEachRowAndItsResumeReplansTheSame() {
        GivenOptions given = given("--profile", "smoke", "--suites", "rtt", "--spins", "5,10", "--settle", "2m", "--loud");
        Map<String, String> saved = given.saved();
        assertThat(saved).containsEntry("spins", "5,10").containsEntry("depth", "1").containsEntry("settle", "2m")
                .containsEntry("loud", "true").doesNotContainKey("mode");
        SweepPlan again = SweepOptions.plan(GivenOptions.fromSaved(table(), saved), MACHINE, true);
        assertThat(SweepOptions.describe(table(), again)).isEqualTo(SweepOptions.describe(table(), SweepOptions.plan(given, MACHINE, true)));
        assertThat(again.get(SETTLE)).isEqualTo(120L);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "--spins  | 0      | --spins 0 is out of range; allowed: 1..1000 (spins per wait)",
            "--spins  | 5,x    | --spins 'x' is not a whole number; allowed: 1..1000 (spins per wait)",
            "--spins  | 5,5    | --spins '5,5' gives '5' twice; allowed: each value once, comma-separated (see --help)",
            "--spins  | ''     | --spins '' is empty; allowed: 1..1000 (spins per wait); a comma list, each value once",
            "--depth  | 9      | --depth 9 is out of range; allowed: 1..8 (levels)",
            "--settle | 2h     | --settle 2h is out of range; allowed: 0 (no settling) or a whole number with s, m, h or d, e.g. 20m or 1h, up to 1h (per trial)",
            "--settle | soon   | --settle 'soon' is not a duration; allowed: 0 (no settling) or a whole number with s, m, h or d, e.g. 20m or 1h, up to 1h (per trial)",
            "--mode   | frantic| --mode 'frantic' is not known; allowed: calm, wild",
    })
    void aBadValueIsRefusedInOneLine(String option, String value, String message) {
        GivenOptions given = given("--suites", "rtt", option, value);
        assertThatThrownBy(() -> SweepOptions.plan(given, MACHINE, true)).isInstanceOf(Main.BadInput.class).hasMessage(message);
    }

    /** Options are given and asked for by row: a row of another table is no option of this one, given or not. */
    @Test
    void aRowOutsideTheTableIsNoOption() {
        GivenOptions real = GivenOptions.fromSaved(SweepOptions.ALL, Map.of("spins", "5,10", "profile", "smoke"));
        assertThat(real.text("--profile")).isEqualTo("smoke");
        assertThat(real.saved()).doesNotContainKey("spins");
        assertThatThrownBy(() -> real.has("--spins")).isInstanceOf(IllegalStateException.class)
                .hasMessage("--spins is no row of this option table");
        assertThat(given("--spins", "5,10").text("--spins")).isEqualTo("5,10");
    }

    /** The options given on a command line of the table's command, as {@code sweep} reads them. */
    private static GivenOptions given(String... args) {
        CommandLine cl = new CommandLine(SweepCommand.Options.addTo(CommandSpec.create().name("sweep"), table()));
        return GivenOptions.parsed(cl.parseArgs(args), table());
    }
}
