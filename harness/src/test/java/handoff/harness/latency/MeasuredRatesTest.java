package handoff.harness.latency;

import handoff.harness.overload.OverloadSuite;
import handoff.harness.pipeline.SaturationRate;
import handoff.harness.results.RunFolder;
import handoff.harness.trial.MeasuredRate;
import handoff.harness.trial.MeasuredRates;
import handoff.harness.trial.TrialSpec;
import handoff.harness.testing.TrialFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rates one suite asks of another through the run folder, over a temporary run folder of a few trial files. */
class MeasuredRatesTest {
    @TempDir
    Path dir;

    private static TrialSpec spec(String transport, String... config) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("transport", transport);
        c.put("producers", "1");
        c.put("wait", "park");
        c.put("work", "1");
        for (int i = 0; i < config.length; i += 2) {
            c.put(config[i], config[i + 1]);
        }
        return new TrialSpec("overload", handoff.harness.results.TrialProperties.of(c), handoff.harness.results.TrialProperties.empty());
    }

    private void trial(String key, String... kv) {
        TrialFiles.write(dir, key, kv);
    }

    private Optional<MeasuredRate> ask(handoff.harness.trial.RateSource source, TrialSpec spec) {
        return new MeasuredRates(new RunFolder(dir), new OverloadSuite()).of(source, spec);
    }

    @Test
    void aSuitesTrialsAreItsFilesInNameOrderAndNoOtherSuites() throws Exception {
        trial("pipeline_b_f0");
        trial("pipeline_a_f0");
        trial("pipelinex_a_f0");
        trial("latency_a_f0");
        Files.writeString(dir.resolve("trials").resolve("pipeline_c_f0.tmp"), "status=ok\n");
        assertThat(new RunFolder(dir).trials("pipeline")).extracting(RunFolder.StoredTrial::key)
                .containsExactly("pipeline_a_f0", "pipeline_b_f0");
        assertThat(new RunFolder(dir.resolve("none")).trials("pipeline")).isEmpty();
    }

    @Test
    void saturationIsTheMedianOfTheOkOnePerStageDefaultForksAndNamesThem() {
        trial("pipeline_abq_f0", "score", "100");
        trial("pipeline_abq_f1", "score", "400");
        trial("pipeline_abq_f2", "score", "200");
        trial("pipeline_abq_f3", "score", "9000", "status", "timeout");
        trial("pipeline_abq_w2_f0", "score", "9000", "workers", "2");
        trial("pipeline_abq_batch_f0", "score", "9000", "buffering", "batch");
        trial("pipeline_abq_p2_f0", "score", "9000", "producers", "2");
        MeasuredRate r = ask(SaturationRate.PIPELINE, spec("abq")).orElseThrow();
        assertThat(r.eps()).isEqualTo(200.0);
        assertThat(r.trials()).containsExactly("pipeline_abq_f0", "pipeline_abq_f1", "pipeline_abq_f2");
    }

    @Test
    void anUnmeasuredRateIsEmptyNeverZero() {
        trial("pipeline_abq_f0", "score", "0");
        trial("pipeline_abq_f1", "score", "0");
        trial("latency_abq_f0", "rate_basis", "sustainable", "sustainable_eps", "0");
        trial("latency_abq_f1", "rate_basis", "sustainable", "sustainable_eps", "");
        assertThat(ask(SaturationRate.PIPELINE, spec("abq"))).isEmpty();
        assertThat(ask(SaturationRate.PIPELINE, spec("lbq"))).isEmpty();
        assertThat(ask(SustainableRate.OWN, spec("abq"))).isEmpty();
        assertThatThrownBy(() -> new MeasuredRate(0, List.of("x"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MeasuredRate(Double.NaN, List.of("x"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MeasuredRate(5, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theOwnSustainableRateIsTheFirstOkSearchOfTheConfigurationOnItsRuntime() {
        trial("latency_abq_a_f0", "rate_basis", "sustainable", "sustainable_eps", "500", "status", "failed:boom");
        trial("latency_abq_b_f0", "rate_basis", "sustainable", "sustainable_eps", "700", "gc", "zgc");
        trial("latency_abq_c_f0", "rate_basis", "own", "sustainable_eps", "800");
        trial("latency_abq_d_f0", "rate_basis", "sustainable", "sustainable_eps", "600");
        trial("latency_abq_e_f0", "rate_basis", "sustainable", "sustainable_eps", "650");
        assertThat(ask(SustainableRate.OWN, spec("abq")))
                .contains(new MeasuredRate(600, List.of("latency_abq_d_f0")));
        assertThat(ask(SustainableRate.OWN, spec("abq", "gc", "zgc")))
                .contains(new MeasuredRate(700, List.of("latency_abq_b_f0")));
    }

    @Test
    void theSlowestSustainableRateIsTheLowestOverTransportsAndRuntimesOfThisProducersAndWork() {
        trial("latency_abq_f0", "rate_basis", "sustainable", "sustainable_eps", "600");
        trial("latency_lbq_f0", "rate_basis", "sustainable", "sustainable_eps", "300", "transport", "lbq", "gc", "zgc");
        trial("latency_clq_f0", "rate_basis", "sustainable", "sustainable_eps", "100", "transport", "clq", "work", "5");
        MeasuredRate r = new MeasuredRates(new RunFolder(dir), new LatencySuite()).of(SustainableRate.SLOWEST, spec("abq"))
                .orElseThrow();
        assertThat(r).isEqualTo(new MeasuredRate(300, List.of("latency_lbq_f0")));
    }

    @Test
    void aSuiteAsksOnlyForTheRatesItDeclares() {
        trial("pipeline_abq_f0", "score", "100");
        assertThatThrownBy(() -> new MeasuredRates(new RunFolder(dir), new LatencySuite()).of(SaturationRate.PIPELINE, spec("abq")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("suite latency asks for the pipeline saturation throughput of suite pipeline without declaring it in needs()");
    }
}
