package handoff.harness.page;

import handoff.harness.results.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The measured window of one JMH fork, as a run's own JMH result files record it: measurement iterations × iteration
 * time. Read from the files, never from today's profile, so an old run reports the window it really had.
 */
public final class JmhWindow {
    private JmhWindow() {
    }

    /** "1.5 s (3 × 500 ms)" from the first whole result file whose name starts with {@code prefix}; "—" where none is. */
    public static String secondsPerFork(Path jmhDir, String prefix) {
        if (!Files.isDirectory(jmhDir)) {
            return NumberText.NONE;
        }
        try (Stream<Path> s = Files.list(jmhDir)) {
            for (Path f : s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(".json")).sorted().toList()) {
                String window = window(f);
                if (window != null) {
                    return window;
                }
            }
        } catch (IOException e) {
            return NumberText.NONE;
        }
        return NumberText.NONE;
    }

    private static String window(Path f) {
        try {
            if (!(Json.parse(Files.readString(f)) instanceof List<?> l) || l.isEmpty() || !(l.get(0) instanceof Map<?, ?> e)) {
                return null;
            }
            Object n = e.get("measurementIterations");
            double each = seconds(String.valueOf(e.get("measurementTime")));
            if (!(n instanceof Number iterations) || Double.isNaN(each)) {
                return null;
            }
            return NumberText.sig3(iterations.intValue() * each) + " s (" + iterations.intValue() + " × " + e.get("measurementTime") + ")";
        } catch (IOException | RuntimeException ex) {
            return null; // a partial or empty file is no record
        }
    }

    /** JMH's time value ("500 ms", "1 s") in seconds; NaN where it is not one. */
    static double seconds(String v) {
        String[] p = v.trim().split("\\s+");
        if (p.length != 2) {
            return Double.NaN;
        }
        double x;
        try {
            x = Double.parseDouble(p[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
        return switch (p[1].toLowerCase(Locale.ROOT)) {
            case "s" -> x;
            case "ms" -> x / 1e3;
            case "us" -> x / 1e6;
            case "ns" -> x / 1e9;
            case "m", "min" -> x * 60;
            default -> Double.NaN;
        };
    }
}
