package handoff.harness.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * The ratio x = s/σ of a normal sample's standard deviation to the true one, over {@code df} degrees of freedom
 * (x = √(χ²_df / df)), as quadrature nodes: the expectation of a function of x, e.g. a t-test's chance of rejecting
 * given its sample spread, which averaged over x is the test's exact power (the noncentral t's tail for a t-test; two
 * normal tails for the two one-sided tests). The nodes are evenly spaced in log x between the 10⁻¹² quantiles of each
 * tail (trapezoid rule, 1,024 nodes): a transition as narrow as a steep test's critical value makes it is resolved at
 * any x, and scipy's noncentral t is matched to 10⁻⁸ for 1–15 degrees of freedom (PredictedPowerTest).
 */
final class SpreadRatio {
    private static final int NODES = 1024;
    private static final double TAIL = 1e-12;
    private static final Map<Integer, SpreadRatio> BY_DF = new ConcurrentHashMap<>();

    private final double[] x;
    private final double[] w;

    private SpreadRatio(double[] x, double[] w) {
        this.x = x;
        this.w = w;
    }

    /** The nodes for {@code df} ≥ 1 degrees of freedom (computed once per df). */
    static SpreadRatio of(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom " + df + ": at least 1");
        }
        return BY_DF.computeIfAbsent(df, SpreadRatio::nodes);
    }

    private static SpreadRatio nodes(int df) {
        ChiSquaredDistribution chi2 = ChiSquaredDistribution.of(df);
        double lo = 0.5 * Math.log(chi2.inverseCumulativeProbability(TAIL) / df);
        double hi = 0.5 * Math.log(chi2.inverseSurvivalProbability(TAIL) / df);
        double h = (hi - lo) / (NODES - 1);
        double[] x = new double[NODES];
        double[] w = new double[NODES];
        double sum = 0;
        for (int i = 0; i < NODES; i++) {
            x[i] = Math.exp(lo + i * h);
            // density of x = sqrt(V / df), V ~ chi2(df): 2 df x f(df x²), times dx/du = x for u = log x; the constant 2 df
            // cancels in the normalisation below; the trapezoid rule halves the end nodes
            w[i] = x[i] * x[i] * chi2.density(df * x[i] * x[i]) / (i == 0 || i == NODES - 1 ? 2 : 1);
            sum += w[i];
        }
        for (int i = 0; i < NODES; i++) {
            w[i] /= sum;
        }
        return new SpreadRatio(x, w);
    }

    /** E[g(x)]. */
    double mean(DoubleUnaryOperator g) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += w[i] * g.applyAsDouble(x[i]);
        }
        return s;
    }
}
