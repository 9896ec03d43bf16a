package handoff.harness.latency;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RateSearchTest {
    /** A configuration that keeps up to 300 k/s, with p99 = 100 µs + 1 µs per k/s of load. */
    private static RateSearch.Probe model(double rate) {
        return new RateSearch.Probe(rate, rate <= 300_000, 100_000 + rate);
    }

    @Test
    void findsTheEdgesWithinItsResolutionFromBelowWithFewProbes() throws InterruptedException {
        RateSearch s = new RateSearch(RateSearchTest::model);
        double sustainable = s.sustainable();
        assertThat(sustainable).isLessThanOrEqualTo(300_000).isGreaterThan(300_000 / RateSearch.RESOLUTION);
        int afterFirst = s.probes().size();
        // p99 ≤ 250 µs ⇔ rate ≤ 150 k/s
        double atBudget = s.atBudget(250_000);
        assertThat(atBudget).isLessThanOrEqualTo(150_000).isGreaterThan(150_000 / RateSearch.RESOLUTION);
        // failures are confirmed by a second probe, so each failing rate costs two
        assertThat(afterFirst).as("probes of the first search").isLessThanOrEqualTo(14);
        assertThat(s.probes().size() - afterFirst).as("the second search reuses the first's probes").isLessThanOrEqualTo(8);
        // every answer is a rate that was probed and passed
        assertThat(s.probes()).anyMatch(p -> p.rateEps() == sustainable && p.keptUp());
    }

    @Test
    void oneStallInAShortProbeDoesNotEndTheSearch() throws InterruptedException {
        java.util.Set<Double> stalled = new java.util.HashSet<>();
        // the first probe at each rate hits a stall (fails); a second at the same rate sees the configuration
        RateSearch s = new RateSearch(r -> stalled.add(r) ? new RateSearch.Probe(r, false, 5e6) : model(r));
        assertThat(s.sustainable()).isLessThanOrEqualTo(300_000).isGreaterThan(300_000 / RateSearch.RESOLUTION);
    }

    @Test
    void aConfigurationThatNeverKeepsUpHasNoRate() throws InterruptedException {
        RateSearch s = new RateSearch(r -> new RateSearch.Probe(r, false, Double.NaN));
        assertThat(s.sustainable()).isNaN();
        assertThat(s.atBudget(1e6)).isNaN();
    }

    @Test
    void aBudgetNoRateMeetsIsUnknownNotZero() throws InterruptedException {
        RateSearch s = new RateSearch(RateSearchTest::model);
        assertThat(s.atBudget(50_000)).isNaN(); // p99 never below 100 µs
        double floor = s.sustainable() / RateSearch.BUDGET_DEPTH;
        assertThat(s.probes()).allMatch(p -> p.rateEps() >= floor / 2);
    }
}
