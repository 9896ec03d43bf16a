package handoff.harness.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * One trial's cells as text, in the one form in which a trial crosses a boundary: what a suite's trial returns in its
 * child JVM, on its way to the sweep, and {@code trials/<key>.properties} in the run folder (the spec's parameters,
 * what the suite's trial returned, what the sweep added). Each record a trial carries declares its keys once, in its
 * {@link CellCodec} (for example {@code RttResult.CODEC}), through which the trial JVM writes it into a {@link Builder}
 * and the fold reads it back; nothing else spells its keys. Immutable, in the order its cells were put.
 */
public final class TrialProperties {
    private static final TrialProperties EMPTY = new TrialProperties(Map.of());

    private final Map<String, String> cells;

    private TrialProperties(Map<String, String> cells) {
        this.cells = cells;
    }

    /** The cells read from a file or a child's output, in their order. */
    public static TrialProperties of(Map<String, String> cells) {
        return cells.isEmpty() ? EMPTY : new TrialProperties(Collections.unmodifiableMap(new LinkedHashMap<>(cells)));
    }

    public static TrialProperties empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts with these cells. */
    public Builder toBuilder() {
        return new Builder().putAll(this);
    }

    /** The cell's text; null where the trial has no such cell. */
    public String get(String key) {
        return cells.get(key);
    }

    public String getOrDefault(String key, String fallback) {
        return cells.getOrDefault(key, fallback);
    }

    public boolean containsKey(String key) {
        return cells.containsKey(key);
    }

    /** The cell as a number ({@link Cells#parse}): NaN where absent, empty or not a number. */
    public double number(String key) {
        return Cells.parse(cells.get(key));
    }

    /** The cell as an integer; null where absent or empty. */
    public Integer integer(String key) {
        String v = cells.get(key);
        return v == null || v.isEmpty() ? null : Integer.valueOf(v);
    }

    /** Whether the cell says {@code true}. */
    public boolean flag(String key) {
        return "true".equals(cells.get(key));
    }

    public boolean isEmpty() {
        return cells.isEmpty();
    }

    public Set<String> keySet() {
        return cells.keySet();
    }

    public void forEach(BiConsumer<String, String> action) {
        cells.forEach(action);
    }

    /** The cells as the file writer and the tidy exports take them (read-only). */
    public Map<String, String> asMap() {
        return cells;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrialProperties t && t.cells.equals(cells);
    }

    @Override
    public int hashCode() {
        return cells.hashCode();
    }

    @Override
    public String toString() {
        return cells.toString();
    }

    /** Cells put one by one, in order; a later put of a key replaces its text and keeps its place. */
    public static final class Builder {
        private final Map<String, String> cells = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder put(String key, String text) {
            cells.put(key, text);
            return this;
        }

        /** A number's cell ({@link Cells#format}: empty for NaN). */
        public Builder putNumber(String key, double value) {
            return put(key, Cells.format(value));
        }

        public Builder putIfAbsent(String key, String text) {
            cells.putIfAbsent(key, text);
            return this;
        }

        public Builder putAll(TrialProperties other) {
            cells.putAll(other.cells);
            return this;
        }

        public Builder remove(String key) {
            cells.remove(key);
            return this;
        }

        public String get(String key) {
            return cells.get(key);
        }

        public boolean containsKey(String key) {
            return cells.containsKey(key);
        }

        public TrialProperties build() {
            return of(cells);
        }

        /** The cells so far, as {@link TrialProperties#toString} would write them once built. */
        @Override
        public String toString() {
            return cells.toString();
        }
    }
}
