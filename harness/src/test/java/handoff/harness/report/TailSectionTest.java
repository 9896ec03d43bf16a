package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.RunData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The tail section from a hand-made jitter.csv and spikes.csv: the floor, each row beside its jitter, the causes. */
class TailSectionTest {
    @TempDir
    Path run;

    @Test
    void showsTheFloorEachRowBesideItsJitterAndTheShareOfEachCause() throws Exception {
        Files.writeString(run.resolve("jitter.csv"), """
                suite,transport,producers,burst,wait,producer_model,messages,work,load_pct,fork,trial_key,samples,p50_ns,p99_ns,max_ns,jitter_samples,jitter_p50_ns,jitter_p99_ns,jitter_max_ns,intervals,spikes,spikes_explained
                rtt,abq,1,1,spin,,pooled,,,0,rtt_abq_p1_b1_spin_messagespooled_f0,1000,500,2000,90000,400,50000,80000,900000,4,2,1
                rtt,abq,1,1,spin,,pooled,,,1,rtt_abq_p1_b1_spin_messagespooled_f1,1000,500,4000,90000,400,52000,120000,300000,4,1,1
                rtt,null,1,1,spin,,pooled,,,0,rtt_null_p1_b1_spin_messagespooled_f0,1000,100,300,9000,0,,,,4,0,0
                """);
        Files.writeString(run.resolve("spikes.csv"), """
                trial_key,t_start_s,t_end_s,max_ns,trial_p99_ns,max_over_trial_p99,gc_pauses,gc_detail,safepoints,safepoint_detail,gc_pause_max_ms,safepoint_max_ms,run_delay_ms,run_delay_role,involuntary,migrations,jitter_stall_ms,cause
                rtt_abq_p1_b1_spin_messagespooled_f0,0.100,0.200,900000,2000,450.0,0,,1,Cleanup 0.5 ms,0.000,0.500,0.010,consumer,1,0,0.000,safepoint
                rtt_abq_p1_b1_spin_messagespooled_f0,0.200,0.300,70000,2000,35.0,0,,0,,0.000,0.000,0.001,producer,0,0,0.002,unexplained
                rtt_abq_p1_b1_spin_messagespooled_f1,0.000,0.100,60000,4000,15.0,0,,0,,0.000,0.000,0.040,producer,3,1,0.000,descheduled
                """);
        Page doc = new Page(RunData.load(run), run.resolve("REPORT.md"), Map.of());

        new TimelineParts().write(doc);

        String md = doc.text();
        assertThat(md).contains("The floor of this box", "(2 trials)", "median p50 of 51.0 µs", "median jitter p99 of 100 µs",
                "at worst 900 µs");
        // abq: p99 median of forks 3.00 µs beside a jitter p99 of 100 µs; null ran without a jitter thread: not listed
        assertThat(md).contains("rtt: 1 configurations, median p99 3.00 µs against a median jitter p99 of 100 µs (p99 ÷ jitter p99, "
                + "median over configurations: 0.0300×), 0 with a p99 of at least half the jitter p99");
        assertThat(appendix(doc, "appendix-spikes.md"))
                .contains("| rtt | abq/spin P=1 B=1 | 2 | 3.00 µs | 100 µs | 0.0300× | 3 | 2 |").doesNotContain("null/spin");
        assertThat(md).contains("| safepoint | 1 | 33% |", "| descheduled | 1 | 33% |", "| unexplained | 1 | 33% |",
                "2 of them (67%) carry a measured cause", "first of these that measured at least M/2");
        assertThat(md).contains("The unexplained spikes", "| rtt_abq_p1_b1_spin_messagespooled_f0 | 0.200–0.300 | 70.0 µs |");
        assertThat(appendix(doc, "appendix-spikes.md")).contains("| safepoint |", "Cleanup 0.5 ms", "40.0 µs (producer)");
    }

    @Test
    void aSpikeLinksTheProfileOfItsTrialsWindow() throws Exception {
        Files.writeString(run.resolve("spikes.csv"), """
                suite,trial_key,t_start_s,t_end_s,max_ns,trial_p99_ns,max_over_trial_p99,cause
                rtt,rtt_abq_p1_b1_spin_f0,0.100,0.200,900000,2000,450.0,unexplained
                rtt,rtt_lbq_p1_b1_spin_f0,0.100,0.200,800000,2000,400.0,unexplained
                """);
        Files.createDirectories(run.resolve("profiles/rtt_abq_p1_b1_spin_f0"));
        Files.writeString(run.resolve("profiles/rtt_abq_p1_b1_spin_f0/flamegraph.html"), "<html></html>");
        Page doc = new Page(RunData.load(run), run.resolve("REPORT.md"), Map.of());
        new TimelineParts().write(doc);
        assertThat(appendix(doc, "appendix-spikes.md"))
                .contains("| rtt_abq_p1_b1_spin_f0 ([profile](profiles/rtt_abq_p1_b1_spin_f0/flamegraph.html)) |", "| rtt_lbq_p1_b1_spin_f0 |");
        assertThat(doc.text()).contains("rtt_abq_p1_b1_spin_f0 ([profile](profiles/rtt_abq_p1_b1_spin_f0/flamegraph.html))");
    }

    @Test
    void aRunWithoutJitterSaysSoAndWritesNoTable() throws Exception {
        Files.writeString(run.resolve("jitter.csv"), """
                suite,trial_key,samples,p50_ns,p99_ns,max_ns,jitter_samples,jitter_p50_ns,jitter_p99_ns,jitter_max_ns,intervals,spikes,spikes_explained
                rtt,rtt_abq_p1_b1_spin_f0,1000,500,2000,90000,0,,,,4,0,0
                """);
        Page doc = new Page(RunData.load(run), run.resolve("REPORT.md"), Map.of());
        new TimelineParts().write(doc);
        assertThat(doc.text()).contains("the floor of this box is not measured here").doesNotContain("jitter p99 (same trials)");
    }

    private static String appendix(Page doc, String file) {
        return doc.appendices().stream().filter(a -> a.file().equals(file)).map(Page.Appendix::text).findFirst().orElse(null);
    }
}
