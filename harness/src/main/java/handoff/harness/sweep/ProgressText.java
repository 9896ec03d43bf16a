package handoff.harness.sweep;

import handoff.harness.trial.TrialSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The words of the sweep's progress lines: a trial's label, a duration, the last line of a failed trial's log. */
final class ProgressText {
    private ProgressText() {
    }

    static String label(TrialSpec spec) {
        StringBuilder sb = new StringBuilder(spec.suite());
        spec.config().forEach((k, v) -> sb.append(' ').append(v));
        if (spec.fork() > 0) {
            sb.append(" fork ").append(spec.fork());
        }
        return sb.toString();
    }

    static String shorten(String s) {
        return s == null ? "?" : s.length() > 28 ? s.substring(0, 27) + "…" : s;
    }

    static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format("%dh%02dm", s / 3600, s % 3600 / 60)
                : s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).trim();
                if (!l.isEmpty()) {
                    return l.length() > 200 ? l.substring(0, 200) : l;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return "no output";
    }
}
