package handoff.harness.results;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The column tables of the tail files ({@code latency-over-time.csv}, {@code spikes.csv}, {@code jitter.csv},
 * {@code hlog/<key>.sched.csv}): the headers the files had before the tables (so committed runs read the same), their
 * sections of results/README.md generated from them, and a committed run's files read back through them.
 */
class SpikesCsvTest {
    private static final String RUN = "20261126-110444-566b0ac";
    private static final String CONFIG = "suite,transport,producers,burst,wait,producer_model,messages,work,load_pct,fork,trial_key,";

    @Test
    void theHeadersAreTheOnesCommittedRunsHave() {
        assertThat(String.join(",", SpikesCsv.TIMELINE.header())).isEqualTo(CONFIG + "t_start_s,t_end_s,count,p50_ns,p99_ns,"
                + "max_ns,gc_pause_max_ms,safepoints,safepoint_max_ms,ttsp_max_ms,producer_run_delay_ms,producer_involuntary,"
                + "producer_migrations,consumer_run_delay_ms,consumer_involuntary,consumer_migrations,jitter_max_ns,"
                + "jitter_stall_ns,spike,cause");
        assertThat(String.join(",", SpikesCsv.SPIKES.header())).isEqualTo(CONFIG + "t_start_s,t_end_s,uptime_start_s,"
                + "uptime_end_s,count,p99_ns,max_ns,trial_p99_ns,max_over_trial_p99,gc_pauses,gc_pause_total_ms,gc_pause_max_ms,"
                + "gc_explains,gc_detail,hlog,gc_log,safepoints,safepoint_max_ms,ttsp_max_ms,safepoint_detail,run_delay_ms,"
                + "run_delay_role,involuntary,migrations,jitter_stall_ms,cause,safepoint_log,sched_log,jitter_hlog");
        assertThat(String.join(",", SpikesCsv.JITTER.header())).isEqualTo(CONFIG + "samples,p50_ns,p99_ns,max_ns,"
                + "jitter_period_us,jitter_samples,jitter_p50_ns,jitter_p99_ns,jitter_max_ns,intervals,spikes,spikes_explained");
        assertThat(String.join(",", SchedIntervals.TABLE.header())).isEqualTo("interval,producer_threads,"
                + "producer_run_delay_max_ns,producer_run_delay_ns,producer_involuntary,producer_migrations,consumer_threads,"
                + "consumer_run_delay_max_ns,consumer_run_delay_ns,consumer_involuntary,consumer_migrations");
    }

    @Test
    void theReadmeSectionsAreGeneratedFromTheTables() throws IOException {
        ResultsReadme.assertSection("### `latency-over-time.csv`", SpikesCsv.TIMELINE.readme());
        ResultsReadme.assertSection("### `spikes.csv`", SpikesCsv.SPIKES.readme());
        ResultsReadme.assertSection("### `jitter.csv`", SpikesCsv.JITTER.readme());
        ResultsReadme.assertSection("### `hlog/<trial-key>.sched.csv`", SchedIntervals.TABLE.readme());
    }

    @Test
    void aCommittedRunsFilesReadBackThroughTheirTables() throws IOException {
        Path run = ResultsReadme.folder().resolve(RUN);
        for (ColumnTable<?> t : List.of(SpikesCsv.TIMELINE, SpikesCsv.SPIKES, SpikesCsv.JITTER)) {
            assertThat(ResultsReadme.committedRows(RUN, t)).as(t.file()).isNotEmpty();
        }
        try (var s = Files.list(run.resolve(IntervalLog.FOLDER))) {
            Path sched = s.filter(f -> f.toString().endsWith(SchedIntervals.SUFFIX)).findFirst().orElseThrow();
            assertThat(SchedIntervals.read(sched)).isNotEmpty();
        }
    }
}
