package handoff.harness.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Reading HotSpot's -Xlog:safepoint lines (JDK 17's form and the later one with more fields). */
class SafepointLogTest {
    @TempDir
    Path dir;

    @Test
    void readsEachOperationWithItsTimeToSafepointAndSpan() {
        List<SafepointLog.Op> ops = SafepointLog.parse(List.of(
                "[0.512s][info][safepoint   ] Safepoint \"G1CollectForAllocation\", Time since last: 402131513 ns, "
                        + "Reaching safepoint: 61230 ns, At safepoint: 3401200 ns, Total: 3462430 ns",
                "[0.600s][info][gc          ] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(256M) 3.300ms",
                "[1.250s][info][safepoint] Safepoint \"Cleanup\", Time since last: 1000 ns, Reaching safepoint: 2000000 ns, "
                        + "At safepoint: 1000 ns, Leaving safepoint: 500 ns, Total: 2001500 ns, Threads: 0 runnable, 12 total"));
        assertThat(ops).hasSize(2);
        SafepointLog.Op gc = ops.get(0);
        assertThat(gc.name()).isEqualTo("G1CollectForAllocation");
        assertThat(gc.reachingNs()).isEqualTo(61_230);
        assertThat(gc.totalNs()).isEqualTo(3_462_430);
        assertThat(gc.endS()).isEqualTo(0.512);
        assertThat(gc.startS()).isCloseTo(0.512 - 0.00346243, within(1e-9));
        SafepointLog.Op cleanup = ops.get(1);
        assertThat(cleanup.name()).isEqualTo("Cleanup");
        assertThat(cleanup.reachingNs()).isEqualTo(2_000_000);
        assertThat(cleanup.totalNs()).isEqualTo(2_001_500);
        assertThat(cleanup.overlaps(1.2485, 1.249)).isTrue();
        assertThat(cleanup.overlaps(1.0, 1.2479)).isFalse(); // it began at 1.2479985 s
    }

    @Test
    void noFileIsNotMeasuredAndAnEmptyFileIsNone() throws Exception {
        assertThat(SafepointLog.read(dir.resolve("absent.safepoint.log"))).isNull();
        Path empty = dir.resolve("x.safepoint.log");
        java.nio.file.Files.writeString(empty, "");
        assertThat(SafepointLog.read(empty)).isEmpty();
    }
}
