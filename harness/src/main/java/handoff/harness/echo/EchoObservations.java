package handoff.harness.echo;

import handoff.harness.stats.Comparison;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The seed's observations (the 2013 "UDP echo with capitalisation" example) set against one run's
 * {@code echo.csv} rows, each with this run's evidence and a verdict computed from it: {@code agree},
 * {@code disagree} or {@code cannot tell here}. A difference counts only where a stated test on per-fork values
 * finds it at {@link Stats#ALPHA} (the study's t-test between configurations; the paired t-test on a fork's
 * own p99/p50); rows named in evidence carry their flags ({@code *} oversubscribed, {@code !} unstable), and each
 * verdict's evidence says where the forks cannot resolve it.
 */
final class EchoObservations {
    static final String AGREE = "agree";
    static final String DISAGREE = "disagree";
    static final String CANNOT_TELL = "cannot tell here";
    /** "Close": p99 within this factor of p50 (the study's factor for forks that disagree, too). */
    static final double CLOSE = 2.0;
    static final int PUBLISHED_KNEE = 4;

    record Observation(String claim, String evidence, String verdict) {
    }

    private EchoObservations() {
    }

    static List<Observation> of(List<EchoLine> rows) {
        return List.of(closeTail(rows), kneeAboveFour(rows), sleepingBeatsSpin(rows), EchoServerClaims.ringsBeatBlocking(rows),
                EchoServerClaims.cpuPerCore(rows));
    }

    /** 1. The rings' p50 and p99 stay close (within {@value #CLOSE}×), closed loop, up to 4 clients. */
    static Observation closeTail(List<EchoLine> rows) {
        String claim = "The Disruptor server's p50 and p99 stay close (here: p99 within " + fmt(CLOSE) + "× of p50, closed loop, N ≤ "
                + PUBLISHED_KNEE + ").";
        List<EchoLine> rings = ok(rows, "rings", "closed").stream()
                .filter(r -> r.clients() <= PUBLISHED_KNEE).toList();
        if (rings.isEmpty()) {
            return new Observation(claim, "no ok closed-loop rows of the rings in this run", CANNOT_TELL);
        }
        // per fork: p99 / (CLOSE x p50), paired within the fork; above 1 = not close
        int close = 0;
        int wide = 0;
        List<String> seen = new ArrayList<>();
        for (EchoLine r : rings) {
            double[] p50 = r.p50Forks();
            double[] p99 = r.p99Forks();
            String v;
            if (p50 == null || p99 == null) {
                v = "untested: no per-fork values";
            } else {
                double[] bound = Arrays.stream(p50).map(x -> CLOSE * x).toArray();
                Comparison c = Stats.pairedTest(p99, bound);
                v = c.verdict(c.p(), 1, "wider than " + fmt(CLOSE) + "×", "within " + fmt(CLOSE) + "×");
                if (c.differs(Stats.ALPHA)) {
                    close += c.ratio() < 1 ? 1 : 0;
                    wide += c.ratio() > 1 ? 1 : 0;
                }
            }
            seen.add(r.label() + " N=" + r.clients() + r.marks() + " " + fmt(r.tail()) + "× (" + v + ")");
        }
        String evidence = "p99/p50 of the rings: " + String.join(", ", seen) + blockingContrast(rows) + "; " + close + " of "
                + rings.size() + " rows shown within " + fmt(CLOSE) + "×, " + wide + " shown wider (per-fork p99 against " + fmt(CLOSE)
                + "× the same fork's p50, paired t on log-ratios, α = " + Stats.formatP(Stats.ALPHA) + ")";
        return new Observation(claim, evidence, close == rings.size() ? AGREE : wide > 0 ? DISAGREE : CANNOT_TELL);
    }

    private static String blockingContrast(List<EchoLine> rows) {
        List<EchoLine> blocking = ok(rows, EchoSuite.BLOCKING, "closed");
        return blocking.isEmpty() ? "" : " (blocking server: " + blocking.stream()
                .map(r -> "N=" + r.clients() + " " + fmt(r.tail()) + "×").collect(Collectors.joining(", ")) + ")";
    }

    /** 2. p99 rises above 4 client threads: p99 at the largest N > 4 against N = 4, per ring configuration. */
    static Observation kneeAboveFour(List<EchoLine> rows) {
        String claim = "The rings' p99 rises once there are more than " + PUBLISHED_KNEE + " client threads.";
        Map<String, List<EchoLine>> byConfig = byConfig(ok(rows, "rings", "closed"));
        List<String> seen = new ArrayList<>();
        int rise = 0;
        int fall = 0;
        for (Map.Entry<String, List<EchoLine>> e : byConfig.entrySet()) {
            EchoLine four = atClients(e.getValue(), PUBLISHED_KNEE);
            EchoLine above = e.getValue().stream().filter(r -> r.clients() > PUBLISHED_KNEE)
                    .max((a, b) -> Integer.compare(a.clients(), b.clients())).orElse(null);
            if (four == null || above == null) {
                continue;
            }
            Stats.Interval a = four.p99();
            Stats.Interval b = above.p99();
            String change = compare(above, four, EchoLine::p99Forks, "rises", "falls");
            rise += change.startsWith("rises") ? 1 : 0;
            fall += change.startsWith("falls") ? 1 : 0;
            seen.add(e.getKey() + ": p99 " + us(a.centre()) + " µs at N=" + PUBLISHED_KNEE + ", " + us(b.centre()) + " µs at N="
                    + above.clients() + " (" + change + ")");
        }
        if (seen.isEmpty()) {
            int most = ok(rows, "rings", "closed").stream().mapToInt(EchoLine::clients).max().orElse(0);
            return new Observation(claim, "no ok rings row above " + PUBLISHED_KNEE + " clients beside one at " + PUBLISHED_KNEE
                    + " (most clients in this run: " + most + "; the full profile runs 8)" + firstRise(byConfig), CANNOT_TELL);
        }
        String verdict = rise > 0 && fall == 0 ? AGREE : fall > 0 && rise == 0 ? DISAGREE : CANNOT_TELL;
        return new Observation(claim, String.join("; ", seen) + firstRise(byConfig), verdict);
    }

    /** Where on this box p99 first rises over its N = 1 value by the stated test, per ring configuration. */
    private static String firstRise(Map<String, List<EchoLine>> byConfig) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<EchoLine>> e : byConfig.entrySet()) {
            EchoLine one = atClients(e.getValue(), 1);
            if (one == null) {
                continue;
            }
            String at = e.getValue().stream().filter(r -> r.clients() > 1 && compare(r, one, EchoLine::p99Forks, "rises", "falls").startsWith("rises")).map(r -> "N=" + r.clients()).findFirst().orElse("none of N=" + e.getValue().stream()
                    .filter(r -> r.clients() > 1).map(r -> Integer.toString(r.clients())).collect(Collectors.joining(",")));
            out.add(e.getKey() + " " + at);
        }
        return out.isEmpty() ? "" : ". First client count whose p99 is higher than N=1's (the study's t-test on log per-fork p99s, α = "
                + Stats.formatP(Stats.ALPHA) + "): " + String.join(", ", out);
    }

    /** 3. A sleeping wait ({@code park}) beat busy spin ({@code spin}): ring rows paired by transport and N. */
    static Observation sleepingBeatsSpin(List<EchoLine> rows) {
        String claim = "A sleeping wait strategy beat busy spin (here: the rings' p50 with park vs spin, same transport and N).";
        List<String> pairs = new ArrayList<>();
        int park = 0;
        int spin = 0;
        for (EchoLine s : ok(rows, "rings", "closed")) {
            if (!s.waitStrategy().equals("spin")) {
                continue;
            }
            EchoLine p = ok(rows, "rings", "closed").stream().filter(r -> r.waitStrategy().equals("park")
                    && r.transport().equals(s.transport()) && r.clients() == s.clients()).findFirst().orElse(null);
            if (p == null) {
                continue;
            }
            Stats.Interval ip = p.p50();
            Stats.Interval is = s.p50();
            String winner = compare(p, s, EchoLine::p50Forks, "spin", "park");
            park += winner.startsWith("park") ? 1 : 0;
            spin += winner.startsWith("spin") ? 1 : 0;
            pairs.add(s.transport() + " N=" + s.clients() + ": park " + us(ip.centre()) + " µs vs spin " + us(is.centre())
                    + " µs (" + winner + ")");
        }
        if (pairs.isEmpty()) {
            String why = rows.stream().filter(r -> "rings".equals(r.variant()) && "spin".equals(r.waitStrategy())
                    && !r.ok()).map(EchoLine::status).findFirst()
                    .map(s -> "spin rows were not measured: " + s).orElse("no ok rings rows with both park and spin");
            return new Observation(claim, why, CANNOT_TELL);
        }
        String verdict = park > 0 && spin == 0 ? AGREE : spin > 0 && park == 0 ? DISAGREE : CANNOT_TELL;
        return new Observation(claim, String.join("; ", pairs), verdict);
    }

    /**
     * a against b on a per-fork column: {@code higher}/{@code lower} with test and p where the study's t-test
     * finds it at {@link Stats#ALPHA} and neither row is flagged; otherwise the words of {@link Comparison#verdict}
     * (no significant difference, cannot be resolved with n forks) or "untested".
     */
    static String compare(EchoLine a, EchoLine b, Function<EchoLine, double[]> perFork, String higher, String lower) {
        double[] x = perFork.apply(a);
        double[] y = perFork.apply(b);
        if (x == null || y == null) {
            return "untested: no per-fork values";
        }
        Comparison c = Stats.shiftTest(x, y);
        String flags = (a.marks() + b.marks()).contains("*") ? " (oversubscribed)" : "";
        return c.verdict(c.p(), 1, higher, lower) + flags + ((a.marks() + b.marks()).contains("!") ? " (unstable)" : "");
    }

    /** The ok rows of {@code variant} (null: every variant) in {@code mode}. */
    static List<EchoLine> ok(List<EchoLine> rows, String variant, String mode) {
        return rows.stream().filter(r -> (variant == null || variant.equals(r.variant())) && mode.equals(r.mode())
                && r.ok()).toList();
    }

    private static Map<String, List<EchoLine>> byConfig(List<EchoLine> rows) {
        Map<String, List<EchoLine>> out = new LinkedHashMap<>();
        rows.forEach(r -> out.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r));
        return out;
    }

    private static EchoLine atClients(List<EchoLine> rows, int n) {
        return rows.stream().filter(r -> r.clients() == n).findFirst().orElse(null);
    }

    static String us(double ns) {
        double u = ns / 1000;
        return u >= 100 ? String.format(Locale.ROOT, "%.0f", u) : String.format(Locale.ROOT, "%.1f", u);
    }

    private static String fmt(double x) {
        return String.format(Locale.ROOT, "%.1f", x);
    }
}
