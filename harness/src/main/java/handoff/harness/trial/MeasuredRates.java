package handoff.harness.trial;

import handoff.harness.results.RunFolder;

import java.util.Optional;

/**
 * What a suite may ask of the suites that ran before it in this run: a rate they measured ({@link RateSource}), read
 * through the {@link RunFolder}, so that no suite lists another suite's trial files. A suite asks for its own rates, or
 * for another suite's that it declares in {@link Suite#needs()}; asking for an undeclared one is a programming error.
 */
public final class MeasuredRates {
    private final RunFolder run;
    private final Suite asking;

    public MeasuredRates(RunFolder run, Suite asking) {
        this.run = run;
        this.asking = asking;
    }

    /** The rate of the configuration of {@code spec} in this run; empty where it was not measured. */
    public Optional<MeasuredRate> of(RateSource source, TrialSpec spec) {
        if (!source.suite().equals(asking.name()) && !asking.needs().contains(source)) {
            throw new IllegalStateException("suite " + asking.name() + " asks for the " + source.what()
                    + " of suite " + source.suite() + " without declaring it in needs()");
        }
        return source.of(run.trials(source.suite()), spec);
    }
}
