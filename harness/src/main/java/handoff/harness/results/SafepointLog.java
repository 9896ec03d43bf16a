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
 * The safepoint operations in a trial's {@code -Xlog:safepoint} file ({@code logs/<trial-key>.safepoint.log},
 * decorated {@code uptime,level,tags}): HotSpot writes one line when each operation ends,
 * {@code Safepoint "<VM operation>", Time since last: N ns, Reaching safepoint: N ns, At safepoint: N ns, Total: N ns}
 * (JDK 17; later JDKs add {@code Leaving safepoint} and a thread count, which are skipped). The time to reach the
 * safepoint (TTSP) is when the threads that got there first already wait for the last one; {@code Total} is how long
 * a Java thread that stopped first was stopped. A GC pause is a safepoint too ({@code G1CollectForAllocation}, ...).
 */
public final class SafepointLog {
    public static final String SUFFIX = ".safepoint.log";
    private static final Pattern LINE = Pattern.compile("^\\[([0-9.]+)s\\].*\\[safepoint\\s*\\]\\s*Safepoint \"([^\"]*)\"(.*)$");
    private static final Pattern REACHING = Pattern.compile("Reaching safepoint: (\\d+) ns");
    private static final Pattern TOTAL = Pattern.compile("Total: (\\d+) ns");

    /** One operation: start and end in seconds of JVM uptime, its name, time to reach it (-1: not logged) and total, in ns. */
    public record Op(double startS, double endS, String name, long reachingNs, long totalNs) {
        public boolean overlaps(double fromS, double toS) {
            return startS < toS && endS > fromS;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %.3f ms", name, totalNs / 1e6)
                    + (reachingNs < 0 ? "" : String.format(Locale.ROOT, " (TTSP %.3f ms)", reachingNs / 1e6))
                    + String.format(Locale.ROOT, " at %.3f s", startS);
        }
    }

    private SafepointLog() {
    }

    /** The operations of a log file; null when there is no such file (not measured, as opposed to none). */
    public static List<Op> read(Path log) throws IOException {
        return Files.isRegularFile(log) ? parse(Files.readAllLines(log, StandardCharsets.UTF_8)) : null;
    }

    /** The operations among these lines, in order; lines of other tags or levels are skipped. */
    public static List<Op> parse(List<String> lines) {
        List<Op> out = new ArrayList<>();
        for (String line : lines) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Matcher total = TOTAL.matcher(m.group(3));
            if (!total.find()) {
                continue;
            }
            Matcher reaching = REACHING.matcher(m.group(3));
            long totalNs = Long.parseLong(total.group(1));
            double end = Double.parseDouble(m.group(1));
            out.add(new Op(end - totalNs / 1e9, end, m.group(2).replace(',', ';'),
                    reaching.find() ? Long.parseLong(reaching.group(1)) : -1, totalNs));
        }
        return out;
    }
}
