package handoff.harness.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * What one sweep option's value may be, said once: the words {@code --help} and every refusal print, and the check
 * that runs on the value as typed before the plan reads it. Every row of {@link SweepOptions#ALL} that takes a
 * value has one, so no option can take a blank value ({@code --out ''} once ran into the current directory).
 *
 * @param allowed what is allowed, in words, e.g. {@code 1..64 (each is a thread)}
 * @param problem what is wrong with a non-blank value, e.g. {@code "is a file"}; null where nothing is (the row's
 *                parser in the plan checks the rest)
 */
record OptionValue(String allowed, Function<String, String> problem) {
    /** A flag: no value. */
    static final OptionValue FLAG = new OptionValue("", v -> null);

    /** Any value that is not blank; the row's parser says the rest. */
    static OptionValue of(String allowed) {
        return new OptionValue(allowed, v -> null);
    }

    /** A folder that may be created: not blank, not a path that names a file. */
    static OptionValue folder(String allowed) {
        return new OptionValue(allowed, v -> {
            Path p = path(v);
            return p == null ? "is not a path" : Files.exists(p) && !Files.isDirectory(p) ? "is a file, not a folder" : null;
        });
    }

    /** A file that may be written: not blank, not a path that names a folder. */
    static OptionValue file(String allowed) {
        return new OptionValue(allowed, v -> {
            Path p = path(v);
            return p == null ? "is not a path" : Files.isDirectory(p) ? "is a folder, not a file" : null;
        });
    }

    /** Throws {@link Main.BadInput} naming the option, the value and what is allowed, where the value is not. */
    void check(String option, String value) {
        String wrong = value.isBlank() ? "is empty" : problem.apply(value);
        if (wrong != null) {
            throw new Main.BadInput(option + " '" + value + "' " + wrong + "; allowed: " + allowed);
        }
    }

    private static Path path(String v) {
        try {
            return Path.of(v);
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
