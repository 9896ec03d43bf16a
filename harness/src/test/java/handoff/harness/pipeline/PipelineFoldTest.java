package handoff.harness.pipeline;

import handoff.harness.testing.Trials;

import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fold's rules for a row that is not ok and for one fork, as they were before the typed rows (this test passes on
 * the fold of maps too): a row whose first fork is ok but a later one failed shows the first fork's own texts under
 * the columns it recorded, and no figures; one fork's row is {@code unstable=unknown}.
 */
class PipelineFoldTest {
    private static TrialProperties fork(String config, String status, String score) {
        TrialProperties.Builder t = Trials.cells(Forks.CONFIG_KEY, config, "transport", "abq", "producers", "1",
                "wait", "park", "work", "1", "workers", "1", "status", status, "score", score, "gc_count", "3",
                "vcsw_per_op", "5", "perfnorm", "ok", "threads", "5", "cpus", "2", "capacity", "1024",
                "iteration_scores", "1.0E6;1.1E6", "higher_is_better", "true");
        return t.build();
    }

    @Test
    void aRowWithAFailedForkShowsTheFirstForksOwnTextsAndNoFigures() {
        List<Map<String, String>> rows = rows(List.of(fork("a", "ok", "1000000"),
                fork("a", "failed:boom", "")), Path.of("."));
        assertThat(rows).hasSize(1);
        Map<String, String> r = rows.get(0);
        assertThat(r.get("status")).isEqualTo("failed:boom");
        assertThat(r.get("forks")).isEqualTo("2");
        assertThat(r.get("gc_count")).as("the first fork's text").isEqualTo("3");
        assertThat(r.get("vcsw_per_op")).isEqualTo("5");
        assertThat(r.get("perfnorm")).isEqualTo("ok");
        assertThat(r.get("threads")).isEqualTo("5");
        assertThat(r.get("idle_policy")).isNotEmpty();
        assertThat(r.get("buffer_events")).isEqualTo("3072");
        for (String c : List.of("throughput_eps", "throughput_lo_eps", "interval_level", "throughput_eps_forks",
                "unstable", "warm_trend_p", "not_warm", "cycles_per_op")) {
            assertThat(r.getOrDefault(c, "")).as(c).isEmpty();
        }
    }

    @Test
    void oneForksRowIsUnstableUnknownWithItsValueAsItsInterval() {
        Map<String, String> r = rows(List.of(fork("b", "ok", "1000000")), Path.of(".")).get(0);
        assertThat(r.get("status")).isEqualTo("ok");
        assertThat(r.get("throughput_eps")).isEqualTo("1000000");
        assertThat(r.get("throughput_eps_forks")).isEqualTo("1000000");
        assertThat(r.get("throughput_min_eps")).isEqualTo("1000000");
        assertThat(r.get("unstable")).isEqualTo("unknown");
        assertThat(r.get("gc_count")).isEqualTo("3");
        assertThat(r.get("vcsw_per_op")).isEqualTo("5");
        assertThat(r.getOrDefault("cycles_per_op", "")).as("not recorded by the fork").isEmpty();
        assertThat(r.getOrDefault("alloc_bytes_per_event", "")).isEmpty();
    }

    private static TrialProperties scored(String transport, String score, String alloc) {
        return Trials.cells(Forks.CONFIG_KEY, "pipeline_" + transport, "transport", transport, "producers", "1", "wait",
                "park", "work", "1", "workers", "1", "status", "ok", "score", score, "alloc_bytes_per_op", alloc,
                "gc_count", "2", "cpus", "2", "capacity", "1024", "higher_is_better", "true").build();
    }

    /**
     * By value on hand-made forks of two configurations run interleaved (docs/statistics.md §2): each figure is the
     * median over forks, the interval of 3 forks their range at 75 %, and throughput_eps_forks keeps fork order —
     * position i is round i, as the paired test reads it — never sorted.
     */
    @Test
    void forksFoldIntoMediansWithTheirValuesInRoundOrder() {
        List<Map<String, String>> rows = rows(List.of(scored("abq", "3000000", "300"), scored("lbq", "5000000", "90"),
                scored("abq", "1000000", "100"), scored("lbq", "7000000", "70"),
                scored("abq", "2000000", "200"), scored("lbq", "6000000", "80")), Path.of("."));
        assertThat(rows).hasSize(2);
        Map<String, String> abq = rows.get(0);
        assertThat(abq).containsAllEntriesOf(Trials.cells(
                "throughput_eps", "2000000", "throughput_eps_forks", "3000000;1000000;2000000", "throughput_lo_eps", "1000000",
                "throughput_hi_eps", "3000000", "throughput_min_eps", "1000000", "throughput_max_eps", "3000000",
                "interval_level", "0.7500", "alloc_bytes_per_event", "200", "forks", "3").build().asMap());
        assertThat(abq.get("unstable")).as("3x between forks").isEqualTo("true");
        Map<String, String> lbq = rows.get(1);
        assertThat(lbq).containsAllEntriesOf(Trials.cells(
                "throughput_eps", "6000000", "throughput_eps_forks", "5000000;7000000;6000000", "alloc_bytes_per_event", "80",
                "unstable", "false").build().asMap());
    }

    /** The suite's rows of these trials, as pipeline.csv holds them (read back through its column table). */
    private static List<Map<String, String>> rows(List<TrialProperties> trials, Path runDir) {
        return PipelineCsv.TABLE.read(new PipelineSuite().csv(trials, runDir));
    }
}
