package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A run that swept the JDK: rows are named by their runtime, and the runtime section answers with the report's rule. */
class RuntimeSectionTest {
    private static final String HEAD = "transport,producers,wait,work,workers,throughput_eps,throughput_lo_eps,throughput_hi_eps,"
            + "interval_level,forks,alloc_bytes_per_event,gc_count,gc_time_ms,cpu_ns_per_event,status,jdk,gc,java_runtime_version,threads,"
            + "throughput_eps_forks\n";

    /** A row of 5 forks at eps - 10 .. eps + 10. */
    private static String row(String t, String jdk, int eps, int alloc) {
        return t + ",1,park,1,1," + eps + "," + (eps - 10) + "," + (eps + 10) + ",0.94,5," + alloc + ",4,12,900,ok," + jdk + ",g1,"
                + jdk + ".0.1+1,5," // threads: the trial's thread count, not the runtime's thread kind
                + (eps - 10) + ";" + (eps - 5) + ";" + eps + ";" + (eps + 5) + ";" + (eps + 10) + "\n";
    }

    /** The same row measured by one fork: no interval, no per-fork values to test. */
    private static String oneFork(String row) {
        return row.replace(",5,", ",1,").replaceAll(",[0-9;]+\n$", ",\n");
    }

    private static String write(Path dir, String csv) throws Exception {
        Files.writeString(dir.resolve("pipeline.csv"), csv);
        RunData run = RunData.load(dir);
        Page doc = new Page(run, dir.resolve("REPORT.md"), Map.of());
        new RuntimeSection().write(doc);
        return doc.text();
    }

    @Test
    void aRankingThatSwapsBetweenJdksIsNamed(@TempDir Path dir) throws Exception {
        String text = write(dir, HEAD + row("abq", "17", 100, 40) + row("lbq", "17", 200, 56) + row("abq", "25", 300, 40)
                + row("lbq", "25", 150, 56));
        assertThat(text).contains("## Runtime").contains("Versions: JDK 17 17.0.1+1, JDK 25 25.0.1+1");
        assertThat(text).contains("**Ranking changes** (1 swap, both orders at p ≤ 0.05, the study's t-test on log per-fork values, each "
                + "order tested alone): saturation: lbq/park jdk17/g1 beats abq/park jdk17/g1, but on JDK 25 abq/park jdk25/g1 beats "
                + "lbq/park jdk25/g1");
        // 5 rounds each, the runtimes' twins in the same rounds: the paired test, Holm over the table's 2 pairs
        assertThat(text).contains("**better** (Holm-adjusted p = ").contains("paired t on per-round log-ratios, 5 pairs, Holm over 2, α = 0.05)")
                .contains("**worse** (Holm-adjusted p = ");
        assertThat(text).contains("Cannot say: this run ran one collector").contains("Cannot say: this run ran one thread kind");
    }

    @Test
    void collectorsAreComparedOnTheSameAllocation(@TempDir Path dir) throws Exception {
        String text = write(dir, HEAD + row("abq", "25", 300, 240) + row("abq", "25", 100, 240).replace(",g1,", ",zgc,")
                + oneFork(row("lbq", "25", 200, 300)) + oneFork(row("lbq", "25", 210, 300).replace(",g1,", ",zgc,")));
        assertThat(text).contains("abq/park jdk25 under zgc (240 B/event): slower than g1")
                .contains("lbq/park jdk25 under zgc (300 B/event): untested against g1")
                .contains("Rows with one fork have no interval");
    }

    @Test
    void overlappingIntervalsAreNoSignificantDifference(@TempDir Path dir) throws Exception {
        String text = write(dir, HEAD + row("abq", "17", 100, 40) + row("lbq", "17", 200, 56) + row("abq", "25", 105, 40)
                + row("lbq", "25", 195, 56));
        assertThat(text).contains("**Ranking: no change shown.**");
        assertThat(text).doesNotContain("significantly");
    }

    @Test
    void aRunOnOneRuntimeHasNoSection(@TempDir Path dir) throws Exception {
        String csv = HEAD.replace(",jdk,gc,java_runtime_version,threads", "") + "abq,1,park,1,1,100,90,110,0.75,3,40,4,12,900,ok\n";
        assertThat(write(dir, csv)).doesNotContain("Runtime");
    }

    @Test
    void labelsNameTheRuntimeOnlyWhereTheRunSweptOne() {
        TextLine swept = new TextLine("pipeline.csv", Map.of("transport", "abq", "wait", "block", "jdk", "25", "gc", "zgc", "thread_kind", "virtual"));
        TextLine plain = new TextLine("pipeline.csv", Map.of("transport", "abq", "wait", "block"));
        assertThat(swept.label()).isEqualTo("abq/block jdk25/zgc/virtual");
        assertThat(plain.label()).isEqualTo("abq/block");
        assertThat(swept.sameRuntime(plain)).isFalse();
    }
}
