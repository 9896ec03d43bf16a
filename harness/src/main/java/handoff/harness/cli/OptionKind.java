package handoff.harness.cli;

import handoff.harness.trial.PlanKey;

import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static handoff.harness.cli.OptionLists.badInput;

/**
 * What a plan option's value is, said once for its row ({@link SweepOption#option(String, String, String, OptionKind,
 * String, PlanKey)}): what is allowed, in words ({@code --help} and the refusals print them), how a value as typed
 * becomes the plan's (parsed and checked: a refusal is one line naming the option, the value and what is allowed), what
 * the plan holds where it is not given, and how the manifest's {@code plan} shows it. The common kinds are made here:
 * a whole number in a range ({@link #whole}), a comma list of them ({@link #wholes}) or of anything parsed
 * ({@link #list}), one of some names ({@link #oneOf}), a duration ({@link #duration}).
 *
 * @param allowed what is allowed, e.g. {@code 1..64 (each is a thread)}
 * @param parse   the value as typed to the plan's; throws {@link Main.BadInput} or {@link IllegalArgumentException}
 *                naming the value and what is allowed
 * @param absent  the plan's value where the option is not given (and has no preset); null: the key's unset value
 * @param shown   the value as the manifest's {@code plan} gives it
 * @param <T>     the plan's type of the value
 */
record OptionKind<T>(String allowed, Parse<T> parse, Function<PlanInput, T> absent, Function<? super T, ?> shown) {
    /** Parses and checks a value as typed. */
    @FunctionalInterface
    interface Parse<T> {
        T parse(String option, String text, PlanInput in);
    }

    /** A value parsed on its own, shown in the manifest as it is. */
    static <T> OptionKind<T> of(String allowed, Parse<T> parse) {
        return new OptionKind<>(allowed, parse, null, v -> v);
    }

    /** A whole number in {@code min..max}; {@code what} says what one is, e.g. {@code each is a thread}. */
    static OptionKind<Integer> whole(long min, long max, String what) {
        Range r = new Range(min, max, what);
        return of(r.allowed(), (option, text, in) -> r.parse(option, text));
    }

    /** A comma list of whole numbers, each in {@code min..max}. */
    static OptionKind<List<Integer>> wholes(long min, long max, String what) {
        Range r = new Range(min, max, what);
        return list(r.allowed(), (option, s) -> r.parse(option, s), v -> v);
    }

    /** A comma list, each entry parsed (refusing an empty entry or one given twice), shown by {@code id}. */
    static <E> OptionKind<List<E>> list(String allowedEach, Function<String, E> each, Function<? super E, ?> id) {
        return list(allowedEach, (option, s) -> each.apply(s), id);
    }

    private static <E> OptionKind<List<E>> list(String allowedEach, BiFunction<String, String, E> entry,
                                                Function<? super E, ?> id) {
        return new OptionKind<>(each(allowedEach), (option, text, in) -> OptionLists.list(option, text, s -> entry.apply(option, s)),
                null, v -> v.stream().map(id).toList());
    }

    /** What one entry may be, as a comma list's allowed words say it. */
    static String each(String allowed) {
        return allowed + "; a comma list, each value once";
    }

    /** One of {@code names}, as given (trimmed). */
    static OptionKind<String> oneOf(List<String> names) {
        String allowed = String.join(", ", names);
        return of(allowed, (option, text, in) -> {
            String v = text.trim();
            if (!names.contains(v)) {
                throw new Main.BadInput(option + " '" + text + "' is not known; allowed: " + allowed);
            }
            return v;
        });
    }

    /** A power of two in {@code min..max}. */
    static OptionKind<Integer> powerOfTwo(long min, long max, String what) {
        Range r = new Range(min, max, what);
        return of("a power of two, " + r.allowed(), (option, text, in) -> {
            int v = r.parse(option, text);
            if (Integer.bitCount(v) != 1) {
                throw new Main.BadInput(option + " " + text + " is not a power of two; allowed: " + r.allowed());
            }
            return v;
        });
    }

    /**
     * {@code 0} or a whole number of seconds, minutes, hours or days ({@code 90s}, {@code 20m}, {@code 1h}, {@code 2d}) up
     * to {@code maxSeconds}, in seconds; {@code zero} says what 0 means, {@code what} what the duration is.
     */
    static OptionKind<Long> duration(long maxSeconds, String zero, String what) {
        String allowed = "0 (" + zero + ") or a whole number with s, m, h or d, e.g. 20m or 1h, up to " + seconds(maxSeconds)
                + " (" + what + ")";
        return of(allowed, (option, text, in) -> {
            String t = text.trim().toLowerCase(Locale.ROOT);
            if (t.equals("0")) {
                return 0L;
            }
            Matcher m = Pattern.compile("([0-9]{1,9})([smhd])").matcher(t);
            if (!m.matches()) {
                throw new Main.BadInput(option + " '" + text + "' is not a duration; allowed: " + allowed);
            }
            long unit = switch (m.group(2)) {
                case "s" -> 1;
                case "m" -> 60;
                case "h" -> 3600;
                default -> 86_400;
            };
            long s = Long.parseLong(m.group(1)) * unit;
            if (s > maxSeconds) {
                throw new Main.BadInput(option + " " + text + " is out of range; allowed: " + allowed);
            }
            return s;
        });
    }

    /** Seconds as a duration is typed: {@code 0}, {@code 18m}, {@code 12h}, {@code 7d}, {@code 90s}. */
    static String seconds(long s) {
        return s == 0 ? "0" : s % 86_400 == 0 ? s / 86_400 + "d" : s % 3600 == 0 ? s / 3600 + "h" : s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    /** The same kind, whose plan value where not given is {@code absent}'s (e.g. a default per profile that is not kept). */
    OptionKind<T> orElse(Function<PlanInput, T> absent) {
        return new OptionKind<>(allowed, parse, absent, shown);
    }

    /** The same kind, with other words for what is allowed in {@code --help} (the parser's refusals keep their own). */
    OptionKind<T> allowed(String words) {
        return new OptionKind<>(words, parse, absent, shown);
    }

    /** The same values, held as another type in the plan (e.g. a whole number as a {@code long}). */
    <R> OptionKind<R> as(Function<T, R> f) {
        return new OptionKind<>(allowed, (option, text, in) -> f.apply(parse.parse(option, text, in)), null, v -> v);
    }

    /** Sets the plan's value for a value as typed (null: not given and no preset). */
    void enter(String option, String text, PlanInput in, PlanKey<T> to) {
        T v = text != null ? badInput(() -> parse.parse(option, text, in)) : absent == null ? null : absent.apply(in);
        if (v != null) {
            in.plan().set(to, v);
        }
    }

    /** The plan's value as the manifest gives it. */
    Object show(T v) {
        return shown.apply(v);
    }

    /** An inclusive range of whole numbers, with what one is. */
    record Range(long min, long max, String what) {
        /** Parses one whole number and checks it; {@link Main.BadInput} naming the option, the value and the range otherwise. */
        int parse(String option, String text) {
            long v;
            try {
                v = Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                throw new Main.BadInput(option + " '" + text + "' is not a whole number; allowed: " + allowed());
            }
            if (v < min || v > max) {
                throw new Main.BadInput(option + " " + v + " is out of range; allowed: " + allowed());
            }
            return (int) v;
        }

        String allowed() {
            return min + ".." + max + " (" + what + ")";
        }
    }
}
