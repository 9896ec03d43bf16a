package handoff.harness.stats;

/** The standard normal upper tail, for designs too large to enumerate. */
final class Normal {
    private Normal() {
    }

    /** P(Z > z), Abramowitz & Stegun 7.1.26 via erfc (absolute error below 1.5e-7). */
    static double upperTail(double z) {
        double x = Math.abs(z) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x);
        double upper = erfc / 2;
        return z >= 0 ? upper : 1 - upper;
    }
}
