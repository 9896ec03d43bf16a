package handoff.harness.trial;

import java.util.List;

/**
 * A rate one suite measured in this run and another asks for (a saturation throughput, a sustainable open-loop rate),
 * with the trials it came from. Only a measured rate exists: unknown is an empty {@link java.util.Optional}, never 0.
 *
 * @param eps    events per second, finite and above 0
 * @param trials the keys of the trials it was taken from, in file-name order, at least one
 */
public record MeasuredRate(double eps, List<String> trials) {
    public MeasuredRate {
        if (!(eps > 0) || Double.isInfinite(eps)) {
            throw new IllegalArgumentException("a measured rate is a finite number of events/s above 0, not " + eps);
        }
        if (trials.isEmpty()) {
            throw new IllegalArgumentException("a measured rate names the trials it came from; none given");
        }
        trials = List.copyOf(trials);
    }
}
