package handoff.pipelines;

/** The exception a stage throws when it is handed an event the previous stage has not finished. */
final class StageOrder {
    private StageOrder() {
    }

    static IllegalStateException violated(String stage, int expected, OrderEvent e) {
        return new IllegalStateException(stage + " got an event at stage " + e.stage + ", expected " + expected
                + " (producer " + e.producer + ", seq " + e.seq + ")");
    }
}
