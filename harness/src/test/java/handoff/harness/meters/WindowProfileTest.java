package handoff.harness.meters;

import handoff.harness.results.TrialProperties;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A measured window profiled as --profiler asks: the file beside the trial, or one line saying why there is none. */
class WindowProfileTest {
    @TempDir
    Path run;

    private static long spin(long ns) {
        long end = System.nanoTime() + ns;
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        return x;
    }

    private TrialProperties profileAWindow(String profiler) throws Exception {
        WindowProfile p = WindowProfile.forTrial(profiler, run, "rtt_abq_p1_b1_spin_f0");
        p.startAt(System.nanoTime() + 50_000_000L);
        spin(400_000_000L);
        p.stop();
        p.stop(); // once
        return p.write();
    }

    @Test
    void jfrRecordsTheWindowBesideTheTrial() throws Exception {
        TrialProperties out = profileAWindow("jfr");
        assertThat(out.get("profile_file")).isEqualTo("profiles/rtt_abq_p1_b1_spin_f0/recording.jfr");
        assertThat(out.get("profile_note")).isEmpty();
        assertThat(RecordingFile.readAllEvents(run.resolve(out.get("profile_file")))).isNotEmpty();
    }

    @Test
    void asyncWritesAFlameGraphOrSaysInOneLineWhyNot() throws Exception {
        TrialProperties out = profileAWindow("async");
        if (out.get("profile_file").isEmpty()) {
            assertThat(out.get("profile_note")).startsWith("no profile: ").doesNotContain("\n");
        } else {
            assertThat(out.get("profile_file")).isEqualTo("profiles/rtt_abq_p1_b1_spin_f0/flamegraph.html");
            assertThat(Files.readString(run.resolve(out.get("profile_file")))).contains("<html");
            assertThat(Files.size(run.resolve(out.get("profile_file")))).isGreaterThan(5_000);
            System.out.println("async profile note: [" + out.get("profile_note") + "]");
            assertThat(out.get("profile_note")).doesNotContain("\n");
        }
    }

    @Test
    void noneIsNoProfileAndNoKeys() throws Exception {
        assertThat(WindowProfile.forTrial("none", run, "k")).isSameAs(WindowProfile.OFF);
        assertThat(WindowProfile.OFF.write().isEmpty()).isTrue();
        assertThat(run.resolve("profiles")).doesNotExist();
    }
}
