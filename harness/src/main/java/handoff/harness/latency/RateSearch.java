package handoff.harness.latency;

import handoff.harness.openloop.OpenLoopRun;
import java.util.ArrayList;
import java.util.List;

/**
 * Two searches over offered rate with short open-loop probes of one configuration, in the trial's own JVM with
 * the latency suite's pacer and threads (docs/measurement.md §3):
 * <ul>
 * <li>the <b>sustainable open-loop rate</b>: the highest rate the configuration {@linkplain OpenLoopRun.Result#keptUp
 * kept up with} (steady, not saturated, every window event on time);</li>
 * <li>the <b>capacity at a latency budget</b>: the highest rate it kept up with and whose p99 stayed within the
 * budget.</li>
 * </ul>
 * Each is a bracket then a bisection: from {@link #START_EPS} the rate doubles while probes pass (halves while
 * they fail) until one passes and the next fails, then the bracket is halved in log space until its ends are
 * within {@link #RESOLUTION} of each other. The answer is the bracket's passing end, so it is a rate that was
 * measured to pass, never interpolated. Probes are kept, so the second search reuses what the first learned.
 * A probe on a shared VM fails in a scheduler stall far more often than an overloaded rate passes (a growing
 * backlog cannot look steady and on time), so a failure is confirmed by a second probe at the same rate before the
 * rate counts as failed: one stall in a short window must not end the search. In the reference run before this,
 * single probes put abq's sustainable rate at 42 k/s after one failure at 50 k/s (p99 3.8 ms) next to passes at
 * 35-42 k/s with p99s of 0.3 ms. The answer is still a lower estimate, stated as such.
 */
final class RateSearch {
    static final double START_EPS = 50_000;
    static final double MIN_EPS = 100;
    static final double MAX_EPS = 20_000_000;
    /**
     * Bisection stops when hi/lo is at most this: the answer is within 20 % below the true edge (two bisections after
     * the doubling brackets it; each probe costs half a second in quick, and 8 configurations search).
     */
    static final double RESOLUTION = 1.2;

    /** One probe's outcome. */
    record Probe(double rateEps, boolean keptUp, double p99Ns) {
    }

    /** Runs one probe at a rate. */
    interface Prober {
        Probe probe(double rateEps) throws InterruptedException;
    }

    private final Prober prober;
    private final List<Probe> probes = new ArrayList<>();

    RateSearch(Prober prober) {
        this.prober = prober;
    }

    List<Probe> probes() {
        return List.copyOf(probes);
    }

    /** The highest rate that kept up; NaN when not even {@link #MIN_EPS} did. */
    double sustainable() throws InterruptedException {
        return search(p -> p.keptUp());
    }

    /**
     * The highest rate that kept up with p99 ≤ {@code budgetNs}; NaN when none did down to the sustainable rate ÷
     * {@link #BUDGET_DEPTH}. Never above the sustainable rate: that search runs first (its probes are reused).
     */
    double atBudget(double budgetNs) throws InterruptedException {
        double sustainable = sustainable();
        return Double.isNaN(sustainable) ? Double.NaN
                : search(p -> p.keptUp() && p.p99Ns() <= budgetNs, sustainable / BUDGET_DEPTH);
    }

    /** The budget search looks no lower than the sustainable rate / this (5 halvings): below it the answer is unknown. */
    static final double BUDGET_DEPTH = 32;

    private interface Pass {
        boolean test(Probe p);
    }

    private double search(Pass pass) throws InterruptedException {
        return search(pass, MIN_EPS);
    }

    private double search(Pass pass, double floor) throws InterruptedException {
        double lo = Double.NaN; // highest passing rate known
        double hi = Double.NaN; // lowest failing rate above lo
        for (Probe p : probes) {
            if (pass.test(p)) {
                lo = Double.isNaN(lo) ? p.rateEps() : Math.max(lo, p.rateEps());
            }
        }
        for (Probe p : probes) {
            if (!pass.test(p) && (Double.isNaN(lo) || p.rateEps() > lo)) {
                hi = Double.isNaN(hi) ? p.rateEps() : Math.min(hi, p.rateEps());
            }
        }
        if (Double.isNaN(lo) && Double.isNaN(hi)) {
            if (passes(pass, START_EPS)) {
                lo = START_EPS;
            } else {
                hi = START_EPS;
            }
        }
        while (Double.isNaN(hi) && lo < MAX_EPS) {
            double r = Math.min(MAX_EPS, 2 * lo);
            if (passes(pass, r)) {
                lo = r;
            } else {
                hi = r;
            }
        }
        while (Double.isNaN(lo)) {
            double r = hi / 2;
            if (r < Math.max(MIN_EPS, floor)) {
                return Double.NaN;
            }
            if (passes(pass, r)) {
                lo = r;
            } else {
                hi = r;
            }
        }
        while (!Double.isNaN(hi) && hi / lo > RESOLUTION) {
            double r = Math.sqrt(lo * hi);
            if (passes(pass, r)) {
                lo = r;
            } else {
                hi = r;
            }
        }
        return lo;
    }

    /** Whether the rate passes: a failing probe is confirmed by a second before the rate counts as failed. */
    private boolean passes(Pass pass, double rate) throws InterruptedException {
        return pass.test(run(rate)) || pass.test(run(rate));
    }

    private Probe run(double rate) throws InterruptedException {
        Probe p = prober.probe(rate);
        probes.add(p);
        return p;
    }
}
