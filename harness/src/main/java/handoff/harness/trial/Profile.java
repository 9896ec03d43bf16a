package handoff.harness.trial;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How much to measure. {@code smoke} proves the whole flow in minutes (numbers meaningless), {@code quick}
 * gives readable numbers on a laptop, {@code full} is for a pinned box and takes hours.
 */
public enum Profile {
    //     forks rttForks rttWarm rttMeas latWarm latMeas jmhWi jmhI jmhW jmhR
    //     loads: % of the slowest configuration's saturation (same rate for all), % of own saturation
    //     unicast items, pipeline workers per stage
    //     latWarm is the open-loop warm-up's cap (it ends when the interval log is steady); loads: % of the slowest
    //     configuration's sustainable open-loop rate
    SMOKE(1, 1, 150, 250, 600, 300, 1, 1, "100ms", "200ms", List.of(50), List.of(),
            List.of(5_000L), List.of(Workers.ONE, new Workers(2, 2, 1))),
    QUICK(1, 3, 200, 400, 1_200, 400, 2, 3, "1s", "1s", List.of(10, 50, 90), List.of(),
            List.of(500_000L), List.of(Workers.ONE)),
    FULL(3, 10, 2_000, 6_000, 5_000, 10_000, 5, 10, "2s", "2s", List.of(10, 50, 90), List.of(10, 30, 50, 70, 80, 90, 95),
            List.of(5_000L, 50_000L, 500_000L, 5_000_000L, 50_000_000L), List.of(Workers.ONE, new Workers(4, 4, 2)));

    public final int forks;
    /**
     * RTT's own default: many short forks rather than a few long ones (quick 3 x 0.4 s after 0.2 s of warm-up, the
     * minimum: further forks go where a verdict can be reached; full 10 x 6 s), so
     * that a configuration's spread over JVMs (a JVM on a VM lands in a fast or a slow mode) is estimated,
     * not averaged away.
     */
    public final int rttForks;
    public final int rttWarmupMs;
    public final int rttMeasureMs;
    public final int latencyWarmupMs;
    public final int latencyMeasureMs;
    public final int jmhWarmupIterations;
    public final int jmhIterations;
    public final String jmhWarmupTime;
    public final String jmhIterationTime;
    /** Offered rates as % of the slowest configuration's sustainable open-loop rate at the same P: one absolute rate for all. */
    public final List<Integer> commonLoadPercents;
    /** Offered rates as % of each configuration's own sustainable open-loop rate: the second view. */
    public final List<Integer> loadPercents;
    public final List<Long> unicastItems;
    /** Pipeline saturation shapes; each beyond one worker per stage adds a row per transport that can pool. */
    public final List<Workers> defaultWorkers;

    Profile(int forks, int rttForks, int rttWarmupMs, int rttMeasureMs, int latencyWarmupMs, int latencyMeasureMs,
            int jmhWarmupIterations, int jmhIterations, String jmhWarmupTime, String jmhIterationTime,
            List<Integer> commonLoadPercents, List<Integer> loadPercents, List<Long> unicastItems, List<Workers> defaultWorkers) {
        this.forks = forks;
        this.rttForks = rttForks;
        this.rttWarmupMs = rttWarmupMs;
        this.rttMeasureMs = rttMeasureMs;
        this.latencyWarmupMs = latencyWarmupMs;
        this.latencyMeasureMs = latencyMeasureMs;
        this.jmhWarmupIterations = jmhWarmupIterations;
        this.jmhIterations = jmhIterations;
        this.jmhWarmupTime = jmhWarmupTime;
        this.jmhIterationTime = jmhIterationTime;
        this.commonLoadPercents = commonLoadPercents;
        this.loadPercents = loadPercents;
        this.unicastItems = unicastItems;
        this.defaultWorkers = defaultWorkers;
    }

    /**
     * JVMs per configuration for a number that ranks (pipeline saturation, latency, unicast): at least 3
     * outside smoke, so that each such number has an interval over forks.
     */
    public int rankingForks() {
        return this == SMOKE ? 1 : Math.max(3, forks);
    }

    /**
     * The sweep's time in all by default ({@code --budget}), within which further forks go where a verdict is still
     * open: quick's 18 minutes, so that with the build and the report it stays within 20 on the 2-core reference box
     * (its plan's own forks take about 16.5 there: the rest goes to the verdicts cheapest to reach); smoke none (it
     * proves the flow, its numbers are not for reading); full 12 hours (its plan's forks take about 7 to 11 on the
     * reference box).
     */
    public long budgetSeconds() {
        return switch (this) {
            case SMOKE -> 0;
            case QUICK -> 18 * 60;
            case FULL -> 12 * 3600;
        };
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Producer counts swept by default: smoke 1; quick 1 and each P of 2 and 3 (the talk's P = 1..3) whose pipeline
     * fits the CPUs (P producers + 3 stage threads); full 1 .. cores - 1, fitting or not.
     */
    public List<Integer> defaultProducers(int cpus) {
        if (this == QUICK) {
            return IntStream.rangeClosed(1, 3).filter(p -> p == 1 || p + Workers.ONE.threads() <= cpus)
                    .boxed().toList();
        }
        int max = this == SMOKE ? 1 : cpus - 1;
        return IntStream.rangeClosed(1, Math.max(1, max)).boxed().toList();
    }

    /** The 2026 pipeline article's shape: 4 parse, 4 enrich, 2 aggregate workers. */
    public static final Workers ARTICLE = new Workers(4, 4, 2);

    /** Worker shapes by default: the profile's, plus in quick the article's 4/4/2 where it fits the CPUs (with P = 1). */
    public List<Workers> defaultWorkers(int cpus) {
        if (this == QUICK && 1 + ARTICLE.threads() <= cpus) {
            return List.of(Workers.ONE, ARTICLE);
        }
        return defaultWorkers;
    }

    /**
     * What quick leaves out on a box of {@code cpus} CPUs and why, in words (empty when nothing): P = 2, 3 and the
     * 4/4/2 shape run in quick only where their threads fit the CPUs; {@code full} always runs them.
     */
    public static List<String> quickSkips(int cpus) {
        List<String> out = new ArrayList<>();
        for (int p = 2; p <= 3; p++) {
            if (p + Workers.ONE.threads() > cpus) {
                out.add("P = " + p + " (needs " + (p + Workers.ONE.threads()) + " CPUs)");
            }
        }
        if (1 + ARTICLE.threads() > cpus) {
            out.add("the 4/4/2 worker shape (needs " + (1 + ARTICLE.threads()) + " CPUs)");
        }
        return out;
    }

    public static Profile parse(String text) {
        for (Profile p : values()) {
            if (p.id().equals(text)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "'; allowed: " + allowed());
    }

    public static String allowed() {
        return Arrays.stream(values()).map(Profile::id).collect(Collectors.joining(", "));
    }
}
