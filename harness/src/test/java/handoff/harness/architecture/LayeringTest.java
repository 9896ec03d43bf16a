package handoff.harness.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import handoff.harness.architecture.Layering.Exemption;
import handoff.harness.architecture.Layering.Layer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layering of docs/architecture.md §1–§2, checked on the compiled main classes of the three modules (tests
 * left out). A failure names the class, the class it uses and the rule; fix the dependency, or, for a new
 * package, place it in {@link #HARNESS} and in the table of docs/architecture.md §2.
 */
class LayeringTest {
    static final String ROOT = "handoff.harness";

    /**
     * The harness's layers, top first. Placed by what the code does today: {@code jmh} is at the bottom because
     * {@code jmhsuite.JmhRunner} uses it and it uses nothing of the harness; {@code env} and {@code diag} sit with the
     * suite packages (used by {@code sweep} and {@code cli}, using nothing of the harness). The report is three layers:
     * {@code page}, the framework every report part writes with; {@code report}, the study's report with its declared
     * questions and verdicts, which the suites' parts, the sweep and the fleet read; {@code gate}, compare and its
     * regression gate, which reads the study's verdicts and is used by the command line alone.
     */
    static final List<Layer> HARNESS = List.of(
            new Layer("command line", "cli"),
            new Layer("sweep", "sweep"),
            new Layer("suite registry", "suites"),
            new Layer("suite packages", "rtt", "pipeline", "latency", "openloop", "unicast", "pipelinereport", "versus", "echo", "fanout", "overload", "env", "diag"),
            new Layer("fleet (many runs, many boxes)", "fleet"),
            new Layer("compare and its regression gate", "gate"),
            new Layer("the study's report (sections, declared questions and verdicts)", "report"),
            new Layer("report framework (page, figures, reading a run)", "page"),
            new Layer("JMH suite base", "jmhsuite"),
            new Layer("trial contract", "trial"),
            new Layer("statistics and meters", "stats", "meters"),
            new Layer("runtime settings (JDK, GC, thread kind, JVM flags)", "runtime"),
            new Layer("run folder and JMH plumbing", "results", "jmh"));

    /**
     * Dependencies allowed against the layers, each with its reason; none today. (The one the test found when it was
     * written, results' transport traits asking the RTT suite for the published harness's JVM flags, went when those
     * flags became a transport fact: {@code Transport.publishedHarnessFlags()}.)
     */
    static final List<Exemption> KNOWN = List.of();

    private static JavaClasses harness;
    private static JavaClasses lower;

    @BeforeAll
    static void importMainClasses() {
        ClassFileImporter importer = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        harness = importer.importPackages(ROOT);
        lower = importer.importPackages("handoff.queues", "handoff.pipelines");
    }

    @Test
    void theImportFoundTheClassesOfEveryModule() {
        // an empty import would pass every rule below: make sure each module's classes are there
        assertThat(harness.containPackage("handoff.harness.trial")).isTrue();
        assertThat(harness.stream().filter(c -> c.getPackageName().startsWith("handoff.harness.")).count()).isGreaterThan(200);
        assertThat(lower.containPackage("handoff.queues.disruptor")).isTrue();
        assertThat(lower.containPackage("handoff.pipelines")).isTrue();
        assertThat(harness.contain(LayeringTest.class)).as("test classes left out").isFalse();
    }

    @Test
    void harnessPackagesUseOnlyTheirOwnLayerAndTheOnesBelow() {
        Layering.downwardOnly(ROOT, HARNESS, KNOWN).check(harness);
    }

    @Test
    void harnessPackagesHaveNoImportCycle() {
        Layering.acyclic(ROOT, KNOWN).check(harness);
    }

    @Test
    void everyExemptionIsStillNeeded() {
        for (Exemption e : KNOWN) {
            boolean used = harness.get(e.origin()).getDirectDependenciesFromSelf().stream()
                    .anyMatch(d -> d.getTargetClass().getName().equals(e.target()));
            assertThat(used).as("%s no longer uses %s: delete its exemption from LayeringTest.KNOWN", e.origin(), e.target())
                    .isTrue();
        }
    }

    @Test
    void everyHarnessPackageIsPlacedInALayer() {
        Layering.everyPackagePlaced(ROOT, HARNESS).check(harness);
    }

    @Test
    void queuesAndPipelinesUseNothingOfTheHarness() {
        Layering.independentOf("handoff.harness..", "handoff.queues..", "handoff.pipelines..").check(lower);
    }

    @Test
    void queuesUseNothingOfThePipelines() {
        Layering.independentOf("handoff.pipelines..", "handoff.queues..").check(lower);
    }
}
