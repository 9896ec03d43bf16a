package handoff.harness.results;

import handoff.harness.testing.RoundTrip;
import handoff.harness.trial.Status;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CellCodecTest {
    record Inner(double gcCount, Long samples) {
        static final CellCodec<Inner> CODEC = CellCodec.of(MethodHandles.lookup(), Inner.class, "gc_count", "samples");
    }

    record Outer(Status status, String waitStrategy, int producers, Integer burst, boolean saturated, Boolean steady,
                 double[] p50Forks, Histogram histogram, Inner inner) {
        static final CellCodec<Outer> CODEC = CellCodec.of(MethodHandles.lookup(), Outer.class, Status.KEY,
                "wait=waitStrategy", "producers", "burst", "saturated", "steady", "p50_forks", "histogram", Inner.CODEC);
    }

    @TempDir
    Path dir;

    private static Histogram histogram() {
        Histogram h = Histograms.newNanos();
        h.recordValue(120);
        h.recordValue(4_000);
        return h;
    }

    @Test
    void aRecordWrittenAndReadBackIsEqualUnderAnyPrefix() {
        Outer full = new Outer(Status.ok(), "park", 4, 100, true, false, new double[]{1.5, Double.NaN, 300},
                histogram(), new Inner(Double.NaN, 12L));
        TrialProperties cells = RoundTrip.check(Outer.CODEC, full, "", dir);
        assertThat(cells.get("wait")).isEqualTo("park");
        assertThat(cells.get("p50_forks")).isEqualTo("1.500;;300");
        assertThat(cells.get("gc_count")).isEmpty(); // unknown is the empty cell
        RoundTrip.check(Outer.CODEC, full, "c4.", dir);
        RoundTrip.check(Outer.CODEC, new Outer(Status.failed("x"), null, 0, null, false, null, new double[0], null, null),
                "", dir);
    }

    @Test
    void absentCellsReadAsUnknownAndANullWritesNoKey() {
        Outer read = Outer.CODEC.read(TrialProperties.of(Map.of("producers", "")));
        assertThat(read.status().render()).isEqualTo("failed:no status");
        assertThat(read.waitStrategy()).isNull();
        assertThat(read.producers()).isZero();
        assertThat(read.burst()).isNull();
        assertThat(read.histogram()).isNull();
        assertThat(read.p50Forks()).isEmpty();
        assertThat(read.inner()).as("a nested record whose first key the trial lacks").isNull();
        assertThat(Outer.CODEC.properties(new Outer(Status.ok(), null, 1, null, false, null, new double[0], null, null))
                .keySet()).containsExactly("status", "producers", "saturated", "p50_forks");
        assertThat(Outer.CODEC.keys()).containsExactly("status", "wait", "producers", "burst", "saturated", "steady",
                "p50_forks", "histogram", "gc_count", "samples");
    }

    record Swapped(String transport, String wait2) {
    }

    record Odd(java.util.List<String> names) {
    }

    @Test
    void aKeyThatDoesNotSpellItsComponentOrATypeWithoutTextIsRefused() {
        assertThatThrownBy(() -> CellCodec.of(MethodHandles.lookup(), Swapped.class, "wait2", "transport"))
                .hasMessage("Swapped: key wait2 names component wait2, the component there is transport");
        assertThatThrownBy(() -> CellCodec.of(MethodHandles.lookup(), Swapped.class, "transport"))
                .hasMessage("Swapped: 2 components, 1 keys");
        assertThatThrownBy(() -> CellCodec.of(MethodHandles.lookup(), Odd.class, "names"))
                .hasMessage("Odd.names: no cell text for a List");
        assertThatThrownBy(() -> CellCodec.of(MethodHandles.lookup(), Swapped.class, "transport", Inner.CODEC))
                .hasMessage("Swapped.wait2 is a String, not a Inner");
    }
}
