package handoff.harness.versus;

import java.util.Arrays;

/**
 * The five topologies of LMAX's own performance tests that {@link DisruptorVsLmax} runs on both rings: who
 * produces, and which handler waits for which. Handler {@code i} waits for the handlers listed in
 * {@code after[i]} (none: for the producers directly); handlers nobody waits for are the leaves, which gate the
 * producers and whose progress ends an op.
 */
public enum Topology {
    /** 1 producer, 1 consumer. */
    UNICAST_1P1C("unicast_1p1c", "oneToOne", 1, new int[][] {{}}),
    /** 3 producer threads on a multi-producer ring, 1 consumer. */
    SEQUENCER_3P1C("sequencer_3p1c", "threeToOne", 3, new int[][] {{}}),
    /** 1 producer through 3 stages in a row, each waiting for the one before. */
    PIPELINE_1P3C("pipeline_1p3c", "oneToThreePipeline", 1, new int[][] {{}, {0}, {1}}),
    /** 1 producer, 3 consumers that each see every event, in parallel. */
    MULTICAST_1P3C("multicast_1p3c", "oneToThreeMulticast", 1, new int[][] {{}, {}, {}}),
    /** 1 producer, 2 consumers in parallel, then a third that waits for both. */
    DIAMOND_1P3C("diamond_1p3c", "oneToThreeDiamond", 1, new int[][] {{}, {}, {0, 1}});

    private final String id;
    private final String method;
    private final int producers;
    private final int[][] after;

    Topology(String id, String method, int producers, int[][] after) {
        this.id = id;
        this.method = method;
        this.producers = producers;
        this.after = after;
    }

    /** Row name in the CSVs. */
    public String id() {
        return id;
    }

    /** The {@link DisruptorVsLmax} benchmark method that runs it. */
    public String method() {
        return method;
    }

    public int producers() {
        return producers;
    }

    public int handlers() {
        return after.length;
    }

    /** The handlers handler {@code i} waits for (a copy). */
    public int[] after(int i) {
        return after[i].clone();
    }

    /** Whether no handler waits for handler {@code i}. */
    public boolean leaf(int i) {
        for (int[] deps : after) {
            for (int d : deps) {
                if (d == i) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Producers + consumers: the threads a trial keeps busy. */
    public int threads() {
        return producers + after.length;
    }

    public static Topology byId(String id) {
        for (Topology t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown disruptor benchmark '" + id + "'; allowed: " + ids());
    }

    public static Topology byMethod(String method) {
        for (Topology t : values()) {
            if (t.method.equals(method)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no topology runs benchmark method '" + method + "'");
    }

    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Topology::id).toList());
    }
}
