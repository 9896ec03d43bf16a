package handoff.harness.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** Option values made of comma lists, and the one way a parser's refusal becomes bad input. */
final class OptionLists {
    private OptionLists() {
    }

    /**
     * A comma list, each entry parsed; an empty entry ({@code 1,,2}, {@code ,}) or one that means the same as
     * an earlier one ({@code abq,abq}, {@code 1,1:1:1}) is bad input: it would run a configuration twice or
     * quietly drop what the user meant.
     */
    static <T> List<T> list(String option, String text, Function<String, T> parse) {
        String allowed = "; allowed: each value once, comma-separated (see --help)";
        Map<T, String> out = new LinkedHashMap<>();
        for (String s : text.split(",", -1)) {
            if (s.isBlank()) {
                throw new Main.BadInput(option + " '" + text + "' has an empty entry" + allowed);
            }
            T value = badInput(() -> parse.apply(s.trim()));
            String earlier = out.putIfAbsent(value, s.trim());
            if (earlier != null) {
                throw new Main.BadInput(option + " '" + text + "' gives " + (earlier.equals(s.trim()) ? "'" + earlier + "' twice"
                        : "'" + s.trim() + "', the same as '" + earlier + "'") + allowed);
            }
        }
        return new ArrayList<>(out.keySet());
    }

    /** A parser's {@link IllegalArgumentException} (its message names the value and what is allowed) as {@link Main.BadInput}. */
    static <T> T badInput(Supplier<T> f) {
        try {
            return f.get();
        } catch (IllegalArgumentException e) {
            throw new Main.BadInput(e.getMessage());
        }
    }
}
