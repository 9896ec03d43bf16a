package handoff.harness.meters;

import handoff.harness.results.GcLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** GC pauses come from the GC log: a concurrent cycle is no pause, and a cycle is never added to the pauses. */
class GcPausesTest {
    /** One JDK 17 ZGC cycle, as -Xlog:gc*:...:uptime,level,tags writes it (trimmed): 3 pauses, 27 ms of cycle. */
    static final List<String> ZGC17_CYCLE = List.of(
            "[0.403s][info][gc,start    ] GC(0) Garbage Collection (Warmup)",
            "[0.403s][info][gc,phases   ] GC(0) Pause Mark Start 0.007ms",
            "[0.419s][info][gc,phases   ] GC(0) Concurrent Mark 15.105ms",
            "[0.420s][info][gc,phases   ] GC(0) Pause Mark End 0.011ms",
            "[0.431s][info][gc,phases   ] GC(0) Concurrent Select Relocation Set 9.373ms",
            "[0.431s][info][gc,phases   ] GC(0) Pause Relocate Start 0.007ms",
            "[0.433s][info][gc,phases   ] GC(0) Concurrent Relocate 1.652ms",
            "[0.433s][info][gc          ] GC(0) Garbage Collection (Warmup) 8M(12%)->8M(12%)");

    @Test
    void aConcurrentZgcCycleCountsOnlyItsThreePauses() {
        List<GcLog.Pause> p = GcLog.parse(ZGC17_CYCLE);
        assertThat(p).hasSize(3);
        assertThat(p.stream().mapToDouble(GcLog.Pause::ms).sum()).isCloseTo(0.025, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(p).allMatch(x -> x.what().contains("Pause"));
    }

    @Test
    void aConcurrentPhaseAloneIsNoPause() {
        assertThat(GcLog.parse(List.of(ZGC17_CYCLE.get(0), ZGC17_CYCLE.get(2), ZGC17_CYCLE.get(7)))).isEmpty();
    }

    @Test
    void otherCollectorsPausesAreRead() {
        assertThat(GcLog.parse(List.of(
                "[0.664s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 12.127ms",
                "[0.923s][info][gc             ] GC(3) Pause Full (Ergonomics) 44M->6M(59M) 11.747ms",
                "[0.569s][info][gc          ] GC(0) Pause Init Mark (unload classes) 0.030ms",
                "[0.964s][info][gc,phases   ] GC(0) Y: Pause Mark Start (Major) 0.016ms",
                "[0.964s][info][gc,start    ] GC(1) Pause Young (Normal) (G1 Evacuation Pause)")))
                .extracting(GcLog.Pause::ms).containsExactly(12.127, 11.747, 0.030, 0.016);
    }

    @Test
    void aWindowCountsOnlyThePausesLoggedInsideIt(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("t.gc.log");
        Files.write(log, List.of("[0.100s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(64M) 40.000ms"));
        GcPauses pauses = GcPauses.ofLog(log);
        pauses.mark();
        Files.write(log, ZGC17_CYCLE, StandardOpenOption.APPEND);
        GcPauses.Window w = pauses.since();
        assertThat(w.fromLog()).isTrue();
        assertThat(w.count()).as("3 pauses, not 3 + 1 cycle, nor the pause before the window").isEqualTo(3);
        assertThat(w.maxMs()).isEqualTo(0.011);
        assertThat(w.totalMs()).isLessThan(1.0); // the cycle's 27 ms of concurrent work is no pause time
    }

    @Test
    void cycleBeansAreNotPauseBeans() {
        assertThat(GcPauses.pauseBean("ZGC Cycles")).isFalse();
        assertThat(GcPauses.pauseBean("Shenandoah Cycles")).isFalse();
        assertThat(GcPauses.pauseBean("G1 Concurrent GC")).isFalse();
        assertThat(GcPauses.pauseBean("ZGC Pauses")).isTrue();
        assertThat(GcPauses.pauseBean("G1 Young Generation")).isTrue();
    }

    @Test
    void theJvmsOwnLogIsFoundFromItsArguments() {
        assertThat(GcPauses.ownLog(List.of("-Xms1g", "-Xlog:gc*:file=/r/logs/k.fork%p.gc.log:uptime,level,tags"), 42))
                .isEqualTo(Path.of("/r/logs/k.fork42.gc.log"));
        assertThat(GcPauses.ownLog(List.of("-Xms1g"), 42)).isNull();
    }
}
