package handoff.harness.trial;

import handoff.harness.runtime.Collector;
import handoff.harness.runtime.JdkInstall;
import handoff.harness.runtime.ThreadKind;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class RuntimeAxesTest {
    private static TrialSpec spec(String suite, String wait) {
        return new TrialSpec(suite, handoff.harness.results.TrialProperties.of(Map.of("transport", "abq", "wait", wait)), handoff.harness.results.TrialProperties.of(Map.of("fork", "0")));
    }

    @Test
    void collectorFlagsAndModesFollowTheJdk() {
        assertThat(Collector.ZGC.flags(17)).containsExactly("-XX:+UseZGC");
        assertThat(Collector.ZGC.flags(21)).containsExactly("-XX:+UseZGC", "-XX:+ZGenerational");
        assertThat(Collector.ZGC.flags(25)).containsExactly("-XX:+UseZGC");
        assertThat(Collector.ZGC.mode(17)).startsWith("single-generation");
        assertThat(Collector.ZGC.mode(22)).startsWith("generational");
        assertThat(Collector.ZGC.mode(25)).startsWith("generational");
        assertThat(Collector.PARALLEL.flags(25)).containsExactly("-XX:+UseParallelGC");
    }

    /** A collector the JDK does not ship, and virtual threads where they cannot run: n/a rows saying why. */
    @Test
    void notApplicableRuntimes() {
        JdkInstall j17 = new JdkInstall("17", Path.of("/x17"), 17, "17.0.1");
        JdkInstall j25 = new JdkInstall("25", Path.of("/x25"), 25, "25.0.1");
        RuntimeAxes axes = new RuntimeAxes(List.of(j17, j25), List.of(Collector.G1, Collector.SHENANDOAH), List.of(ThreadKind.VIRTUAL),
                Map.of("17", false, "25", true));
        List<TrialSpec> block = axes.expand(List.of(spec("pipeline", "block")));
        assertThat(block).hasSize(4);
        assertThat(block).extracting(t -> t.config().get("jdk") + "/" + t.config().get("gc") + "/" + t.config().get("thread_kind"))
                .containsExactly("17/g1/virtual", "17/shenandoah/virtual", "25/g1/virtual", "25/shenandoah/virtual");
        assertThat(block).extracting(t -> t.sizing().get(RuntimeAxes.HOME)).containsExactly("/x17", "/x17", "/x25", "/x25");
        assertThat(axes.notApplicable(block.get(0), true).render()).startsWith("n/a:virtual threads need JDK 21+");
        assertThat(axes.notApplicable(block.get(1), true).render()).isEqualTo("n/a:JDK 17 does not ship Shenandoah (-XX:+UseShenandoahGC is refused)");
        assertThat(axes.notApplicable(block.get(2), true)).isNull();
        assertThat(axes.notApplicable(block.get(3), true)).isNull();
        assertThat(axes.notApplicable(block.get(2), false).render()).isEqualTo("n/a:the pipeline suite does not run its consumers on virtual threads");
        TrialSpec spin = axes.expand(List.of(spec("pipeline", "spin"))).get(2);
        assertThat(axes.notApplicable(spin, true).render()).startsWith("n/a:busy-waiting (spin) on a virtual thread is refused");
        TrialSpec park = axes.expand(List.of(spec("pipeline", "park"))).get(2);
        assertThat(axes.notApplicable(park, true).render()).startsWith("n/a:busy-waiting (park)");
        assertThat(RuntimeAxes.jvmFlags(block.get(2))).containsExactly("-XX:+UseG1GC", "-Dhandoff.threads=virtual");
    }

    @Test
    void noAxesLeaveThePlanAsItWas() {
        List<TrialSpec> specs = List.of(spec("rtt", "spin"));
        assertThat(RuntimeAxes.NONE.expand(specs)).isSameAs(specs);
        assertThat(RuntimeAxes.jvmFlags(specs.get(0))).isEmpty();
    }

    /** This box's JDK 17 ships Shenandoah or not: whatever it says, accepts() asks the JDK itself. */
    @Test
    void aCollectorTheJdkLacksIsRefusedByItsJava() {
        assertThat(JdkInstall.current().accepts(List.of("-XX:+UseNoSuchCollectorGC"))).isFalse();
        assertThat(JdkInstall.current().accepts(List.of("-XX:+UseSerialGC"))).isTrue();
    }

    /** Stage threads from {@link ThreadKind} under --threads virtual are virtual: checked on a JDK 21+ of this box in a child JVM. */
    @Test
    void virtualStageThreadsAreVirtualOnAJdkWithThem() throws Exception {
        java.util.Optional<JdkInstall> jdk = handoff.harness.testing.Jdks.withVirtualThreads();
        Assumptions.assumeTrue(jdk.isPresent(), "a JDK 21 or newer on this box: " + handoff.harness.testing.Jdks.described());
        Process p = new ProcessBuilder(jdk.get().java().toString(), "-D" + ThreadKind.PROPERTY + "=virtual", "-cp",
                System.getProperty("java.class.path"), VirtualProbe.class.getName()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(said).isEqualTo("stage virtual=true consumer virtual=true producer virtual=false");
    }

    @Test
    void platformIsTheDefaultAndVirtualIsRefusedWithoutIt() {
        assertThat(ThreadKind.ofThisJvm()).isEqualTo(ThreadKind.PLATFORM);
        if (!ThreadKind.virtualAvailable()) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ThreadKind.VIRTUAL.newThread("x", () -> { }))
                    .hasMessageContaining("virtual threads need JDK 21");
        }
    }
}
