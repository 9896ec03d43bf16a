package handoff.harness.trial;

import handoff.harness.results.RunFolder.StoredTrial;

import java.util.List;
import java.util.Optional;

/**
 * A rate that one suite measures and others of the same run may ask for, declared by the suite that measures it: which
 * suite's trials hold it and how a configuration's rate is read from them. A suite asks through {@link MeasuredRates},
 * and one that asks for another suite's rate names it in {@link Suite#needs()}.
 */
public interface RateSource {
    /** The suite whose trials hold the rate. */
    String suite();

    /** What the rate is, for messages, e.g. {@code pipeline saturation}. */
    String what();

    /**
     * The rate for the configuration of {@code spec}, read from {@code trials} (every recorded trial of {@link #suite()}
     * in this run, in file-name order); empty where they hold none.
     */
    Optional<MeasuredRate> of(List<StoredTrial> trials, TrialSpec spec);
}
