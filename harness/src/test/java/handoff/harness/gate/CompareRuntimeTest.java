package handoff.harness.gate;

import handoff.harness.page.RunData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** compare across runs that differ only in runtime: rows match, and a note says which runtime column was set aside. */
class CompareRuntimeTest {
    private static final String HEAD = "transport,producers,wait,work,workers,throughput_eps,throughput_lo_eps,throughput_hi_eps,"
            + "interval_level,forks,status,jdk,gc\n";

    private static RunData run(Path dir, String body) throws Exception {
        Files.writeString(dir.resolve("pipeline.csv"), HEAD + body);
        return RunData.load(dir);
    }

    @Test
    void runsOnOneRuntimeEachMatchRowByRow(@TempDir Path a, @TempDir Path b) throws Exception {
        Comparer c = new Comparer(run(a, "abq,1,park,1,1,100,90,110,0.75,3,ok,17,g1\n"),
                run(b, "abq,1,park,1,1,300,290,310,0.75,3,ok,25,g1\n"));
        assertThat(c.lines).hasSize(1);
        assertThat(c.lines.get(0).ratio).isEqualTo(3.0);
        assertThat(c.notes).contains("pipeline.csv: rows matched across runtimes, jdk 17 (a) vs 25 (b)");
    }

    /** A run that swept the JDK keeps it in the match: its JDK 25 row is not compared with the other's JDK 17 row. */
    @Test
    void aSweptRuntimeStaysInTheMatch(@TempDir Path a, @TempDir Path b) throws Exception {
        Comparer c = new Comparer(run(a, "abq,1,park,1,1,100,90,110,0.75,3,ok,17,g1\nabq,1,park,1,1,200,190,210,0.75,3,ok,25,g1\n"),
                run(b, "abq,1,park,1,1,300,290,310,0.75,3,ok,25,g1\n"));
        assertThat(c.lines).hasSize(1);
        assertThat(c.lines.get(0).a).isEqualTo(200.0);
    }
}
