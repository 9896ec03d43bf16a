package handoff.queues;

import java.util.Locale;

/**
 * How a ring claims slots: {@link #SINGLE} (one publishing thread, no CAS) or {@link #MULTI} (a CAS per claim,
 * any number of threads). A ring can be built either way with one producer; more than one forces
 * {@link #MULTI}. Published Disruptor figures are compared only with rows of the same model (Thompson's 2015
 * tables used {@code ProducerType.MULTI} even with one producer).
 */
public enum ProducerModel {
    SINGLE("sp"),
    MULTI("mp");

    private final String id;

    ProducerModel(String id) {
        this.id = id;
    }

    /** {@code sp} or {@code mp}, as in result rows. */
    public String id() {
        return id;
    }

    /** What a ring uses when nobody asks: single-producer exactly when there is one producer. */
    public static ProducerModel defaultFor(int producers) {
        return producers == 1 ? SINGLE : MULTI;
    }

    public static ProducerModel parse(String text) {
        for (ProducerModel m : values()) {
            if (m.id.equals(text.trim().toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown producer model '" + text + "'; allowed: sp, mp");
    }

    @Override
    public String toString() {
        return id;
    }
}
