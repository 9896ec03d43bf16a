package handoff.harness.suites;

import handoff.harness.pipeline.SaturationRate;
import handoff.harness.trial.RateSource;
import handoff.harness.trial.Suite;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A suite runs after the suites whose rates it declares it needs ({@link Suite#needs()}), never by a comment's word. */
class SuitesOrderTest {
    @Test
    void overloadDeclaresThePipelineAndLatencySuites() {
        assertThat(Suites.needs(Suites.get("overload"))).containsExactly("pipeline", "latency");
        assertThat(Suites.needs(Suites.get("latency"))).isEmpty();
    }

    @Test
    void theRegistryHasEverySuiteAfterTheSuitesItNeeds() {
        List<String> before = new ArrayList<>();
        for (String name : Suites.names()) {
            assertThat(Suites.neededAfter(Suites.get(name), before)).as(name).isNull();
            before.add(name);
        }
    }

    @Test
    void aSuiteRegisteredBeforeOneItNeedsIsNamed() {
        Suite needsPipeline = (Suite) Proxy.newProxyInstance(Suite.class.getClassLoader(), new Class<?>[]{Suite.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "name" -> "asker";
                    case "needs" -> List.<RateSource>of(SaturationRate.PIPELINE);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        assertThat(Suites.neededAfter(needsPipeline, List.of("rtt", "latency"))).isEqualTo("pipeline");
        assertThat(Suites.neededAfter(needsPipeline, List.of("rtt", "pipeline"))).isNull();
    }

    @Test
    void aSweepRunsWhatASuiteNeedsFirstAndOtherwiseAsGiven() {
        assertThat(Suites.runOrder(List.of("overload", "pipeline"))).containsExactly("pipeline", "overload");
        assertThat(Suites.runOrder(List.of("overload", "echo", "latency", "pipeline")))
                .containsExactly("pipeline", "latency", "overload", "echo");
        assertThat(Suites.runOrder(List.of("echo", "rtt"))).containsExactly("echo", "rtt");
        assertThat(Suites.runOrder(Suites.names())).isEqualTo(Suites.names());
    }

    @Test
    void aNeededSuiteThatIsNotSelectedIsNotAdded() {
        assertThat(Suites.runOrder(List.of("overload"))).containsExactly("overload");
    }
}
