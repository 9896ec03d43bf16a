package handoff.harness.pipeline;

import handoff.harness.results.TrialProperties;

import handoff.harness.jmhsuite.JmhResult;
import handoff.harness.trial.Status;
import handoff.harness.results.Cells;
import handoff.harness.results.RunFolder.StoredTrial;
import handoff.harness.trial.MeasuredRate;
import handoff.harness.trial.RateSource;
import handoff.harness.stats.Stats;
import handoff.harness.trial.TrialSpec;
import handoff.harness.trial.Workers;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pipeline suite's saturation throughput of a configuration in this run: the median score over the ok forks of its
 * default row (per-hop buffering, the transport's one-at-a-time consume) with one worker per stage, of the same transport,
 * wait, producers and work (any runtime). Empty where none of those forks is ok or the median is not above 0.
 */
public final class SaturationRate implements RateSource {
    /** The one saturation rate the pipeline suite answers for. */
    public static final SaturationRate PIPELINE = new SaturationRate();

    private SaturationRate() {
    }

    @Override
    public String suite() {
        return PipelineSuite.NAME;
    }

    @Override
    public String what() {
        return "pipeline saturation throughput";
    }

    @Override
    public Optional<MeasuredRate> of(List<StoredTrial> trials, TrialSpec spec) {
        List<StoredTrial> forks = trials.stream().filter(t -> sameConfiguration(t.values(), spec)).toList();
        if (forks.isEmpty()) {
            return Optional.empty();
        }
        double median = Stats.median(forks.stream().mapToDouble(t -> {
            JmhResult r = JmhResult.of(t.values());
            return r.measured() == null ? Double.NaN : r.measured().score();
        }).toArray());
        return median > 0 && !Double.isInfinite(median) ? Optional.of(new MeasuredRate(median, forks.stream().map(StoredTrial::key).toList())) : Optional.empty();
    }

    private static boolean sameConfiguration(TrialProperties t, TrialSpec spec) {
        PipelineConfig asked = PipelineConfig.of(spec.config());
        PipelineConfig c = PipelineConfig.of(t);
        return asked.transport().equals(c.transport()) && asked.waitStrategy().equals(c.waitStrategy())
                && asked.producers().equals(c.producers()) && asked.work().equals(c.work())
                && PipelineAxes.defaultRow(t) && Workers.ONE.id().equals(c.workers() == null ? "1" : c.workers())
                && Status.ok(t);
    }
}
