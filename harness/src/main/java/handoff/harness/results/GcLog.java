package handoff.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pauses in a trial's {@code -Xlog:gc*:...:uptime,level,tags} file: each line {@code GC(n) Pause ... 1.234ms},
 * logged when the pause ends, at the JVM's uptime. G1, Parallel, Serial and Shenandoah log their pauses on the
 * {@code [gc]} tag; ZGC logs its three pauses per cycle ({@code Pause Mark Start}, {@code Pause Mark End},
 * {@code Pause Relocate Start}) on {@code [gc,phases]}, generational ZGC with a {@code y:}/{@code Y:}/{@code O:}
 * prefix. A concurrent cycle ({@code Garbage Collection (...) 8M->8M}, the "ZGC Cycles" bean's time) is no pause
 * and never matches.
 */
public final class GcLog {
    private static final Pattern PAUSE = Pattern.compile(
            "^\\[([0-9.]+)s\\]\\[\\w+\\s*\\]\\[gc(?:,phases)?\\s*\\]\\s*GC\\((\\d+)\\)\\s+(?:[yYoO]:\\s+)?(Pause.*?)\\s+([0-9.]+)ms\\s*$");

    /** One pause: start and end in seconds of JVM uptime, and what it was. */
    public record Pause(double startS, double endS, double ms, String what) {
        public boolean overlaps(double fromS, double toS) {
            return startS < toS && endS > fromS;
        }

        @Override
        public String toString() {
            return what + " " + ms + " ms at " + String.format(Locale.ROOT, "%.3f", startS) + " s";
        }
    }

    private GcLog() {
    }

    public static List<Pause> pauses(Path log) throws IOException {
        List<Pause> out = new ArrayList<>();
        if (!Files.isRegularFile(log)) {
            return out;
        }
        return parse(Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    /** The pauses among these log lines, in order. */
    public static List<Pause> parse(List<String> lines) {
        List<Pause> out = new ArrayList<>();
        for (String line : lines) {
            Matcher m = PAUSE.matcher(line);
            if (m.matches()) {
                double end = Double.parseDouble(m.group(1));
                double ms = Double.parseDouble(m.group(4));
                out.add(new Pause(end - ms / 1000, end, ms, "GC(" + m.group(2) + ") " + m.group(3).replace(',', ';')));
            }
        }
        return out;
    }
}
