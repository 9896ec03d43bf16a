package handoff.harness.overload;

import handoff.harness.trial.TrialContext;
import handoff.harness.trial.TrialSpec;
import handoff.harness.meters.TrialThreads;
import handoff.harness.testing.TrialFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which rate the overload suite offers its loads against, read from the run folder: the pipeline suite's saturation
 * (median of the ok one-worker-per-stage forks of the same configuration), else the latency suite's sustainable rate of
 * the same configuration and runtime, else skipped. No load is run (empty {@code loads}), no probe planned.
 */
class OverloadBasisTest {
    @TempDir
    Path dir;

    private Map<String, String> run() throws Exception {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("transport", "abq");
        config.put("producers", "1");
        config.put("wait", "park");
        config.put("work", "1");
        Map<String, String> sizing = new LinkedHashMap<>();
        sizing.put("capacity", "8");
        sizing.put("loads", "");
        sizing.put("probe_ms", "");
        sizing.put("warmup_ms", "1");
        sizing.put("measure_ms", "1");
        sizing.put("timeout_us", "100");
        TrialSpec spec = new TrialSpec("overload", handoff.harness.results.TrialProperties.of(config), handoff.harness.results.TrialProperties.of(sizing));
        return new OverloadSuite().run(spec, new TrialContext(dir, new TrialThreads(List.of()), 2, List.of())).asMap();
    }

    private void trial(String key, String... kv) {
        TrialFiles.write(dir, key, kv);
    }

    @Test
    void thePipelineSuitesMedianSaturationOfTheSameConfigurationComesFirst() throws Exception {
        trial("pipeline_abq_f0", "score", "100");
        trial("pipeline_abq_f1", "score", "300");
        trial("pipeline_abq_f2", "score", "200");
        trial("pipeline_abq_f3", "score", "9000", "status", "failed:boom");
        trial("pipeline_abq_w2_f0", "score", "9000", "workers", "2");
        trial("pipeline_lbq_f0", "score", "9000", "transport", "lbq");
        trial("pipeline_abq_spin_f0", "score", "9000", "wait", "spin");
        trial("latency_abq_f0", "rate_basis", "sustainable", "sustainable_eps", "50");
        Map<String, String> out = run();
        assertThat(out).containsEntry("rate_basis", "pipeline").containsEntry("status", "ok");
        assertThat(Double.parseDouble(out.get("saturation_eps"))).isEqualTo(200.0);
    }

    @Test
    void withoutAPipelineRateTheLatencySuitesSustainableRateOfTheSameRuntime() throws Exception {
        trial("pipeline_abq_w2_f0", "score", "9000", "workers", "2");
        trial("latency_abq_f0", "rate_basis", "sustainable", "sustainable_eps", "0");
        trial("latency_abq_gcz_f0", "rate_basis", "sustainable", "sustainable_eps", "700", "gc", "zgc");
        trial("latency_abq_l50_f0", "rate_basis", "common", "sustainable_eps", "800");
        trial("latency_abq_s_f0", "rate_basis", "sustainable", "sustainable_eps", "900", "status", "failed:boom");
        trial("latency_abq_x_f0", "rate_basis", "sustainable", "sustainable_eps", "600");
        trial("latency_abq_y_f0", "rate_basis", "sustainable", "sustainable_eps", "650");
        Map<String, String> out = run();
        assertThat(out).containsEntry("rate_basis", "sustainable").containsEntry("status", "ok");
        assertThat(Double.parseDouble(out.get("saturation_eps"))).isEqualTo(600.0);
    }

    @Test
    void withNeitherTheTrialIsSkippedNotRunAtZero() throws Exception {
        trial("echo_abq_f0", "score", "100");
        Map<String, String> out = run();
        assertThat(out).doesNotContainKey("saturation_eps")
                .containsEntry("status", "skipped:no saturation throughput measured for this configuration in this run");
    }
}
