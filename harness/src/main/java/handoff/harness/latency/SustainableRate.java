package handoff.harness.latency;

import handoff.harness.trial.Status;
import handoff.harness.results.Cells;
import handoff.harness.results.RunFolder.StoredTrial;
import handoff.harness.trial.MeasuredRate;
import handoff.harness.trial.RateSource;
import handoff.harness.trial.RuntimeAxes;
import handoff.harness.trial.TrialSpec;

import java.util.Comparator;
import java.util.Objects;
import java.util.List;
import java.util.Optional;

/**
 * The latency suite's sustainable open-loop rates in this run, read from its ok searches (trials of rate basis
 * {@code sustainable}, {@link SustainableProbe}); a search that found no rate above 0 answers nothing.
 */
public enum SustainableRate implements RateSource {
    /** The configuration's own: the first search (file-name order) of its transport, producers, wait and work on its runtime. */
    OWN("sustainable open-loop rate") {
        @Override
        public Optional<MeasuredRate> of(List<StoredTrial> trials, TrialSpec spec) {
            LatencyConfig asked = LatencyConfig.of(spec.config());
            return searches(trials).stream().filter(t -> RuntimeAxes.sameRuntime(t.values(), spec))
                    .filter(t -> {
                        LatencyConfig c = LatencyConfig.of(t.values());
                        return Objects.equals(asked.transport(), c.transport()) && Objects.equals(asked.producers(), c.producers())
                                && Objects.equals(asked.waitStrategy(), c.waitStrategy()) && Objects.equals(asked.work(), c.work());
                    })
                    .filter(SustainableRate::found).findFirst().map(SustainableRate::rate);
        }
    },
    /** The lowest over every configuration of the spec's producers and work, every runtime: one rate all of them carry. */
    SLOWEST("slowest sustainable open-loop rate") {
        @Override
        public Optional<MeasuredRate> of(List<StoredTrial> trials, TrialSpec spec) {
            LatencyConfig asked = LatencyConfig.of(spec.config());
            return searches(trials).stream().filter(t -> Objects.equals(asked.producers(), LatencyConfig.of(t.values()).producers())
                            && Objects.equals(asked.work(), LatencyConfig.of(t.values()).work()))
                    .filter(SustainableRate::found).min(Comparator.comparingDouble(SustainableRate::eps)).map(SustainableRate::rate);
        }
    };

    private final String what;

    SustainableRate(String what) {
        this.what = what;
    }

    @Override
    public String suite() {
        return LatencySuite.NAME;
    }

    @Override
    public String what() {
        return what;
    }

    private static List<StoredTrial> searches(List<StoredTrial> trials) {
        return trials.stream().filter(t -> LatencyConfig.of(t.values()).search() && Status.ok(t.values())).toList();
    }

    private static double eps(StoredTrial t) {
        LatencyTrial.Search s = LatencyResult.CODEC.read(t.values()).search();
        return s == null ? Double.NaN : Cells.parse(s.sustainableEps());
    }

    private static boolean found(StoredTrial t) {
        double d = eps(t);
        return d > 0 && !Double.isInfinite(d);
    }

    private static MeasuredRate rate(StoredTrial t) {
        return new MeasuredRate(eps(t), List.of(t.key()));
    }
}
