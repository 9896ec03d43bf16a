package handoff.harness.echo;

import handoff.harness.stats.Comparison;
import handoff.harness.trial.Forks;
import handoff.harness.stats.Stats;
import handoff.harness.trial.Status;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    static List<Observation> of(List<Map<String, String>> rows) {
        return List.of(closeTail(rows), kneeAboveFour(rows), sleepingBeatsSpin(rows), EchoServerClaims.ringsBeatBlocking(rows),
                EchoServerClaims.cpuPerCore(rows));
    }

    /** 1. The rings' p50 and p99 stay close (within {@value #CLOSE}×), closed loop, up to 4 clients. */
    static Observation closeTail(List<Map<String, String>> rows) {
        String claim = "The Disruptor server's p50 and p99 stay close (here: p99 within " + fmt(CLOSE) + "× of p50, closed loop, N ≤ "
                + PUBLISHED_KNEE + ").";
        List<Map<String, String>> rings = ok(rows, "rings", "closed").stream()
                .filter(r -> clients(r) <= PUBLISHED_KNEE).toList();
        if (rings.isEmpty()) {
            return new Observation(claim, "no ok closed-loop rows of the rings in this run", CANNOT_TELL);
        }
        // per fork: p99 / (CLOSE x p50), paired within the fork; above 1 = not close
        int close = 0;
        int wide = 0;
        List<String> seen = new ArrayList<>();
        for (Map<String, String> r : rings) {
            double[] p50 = forks(r, "p50_ns");
            double[] p99 = forks(r, "p99_ns");
            String v;
            if (p50 == null || p99 == null) {
                v = "untested: no per-fork values";
            } else {
                double[] bound = java.util.Arrays.stream(p50).map(x -> CLOSE * x).toArray();
                Comparison c = Stats.pairedTest(p99, bound);
                v = c.verdict(c.p(), 1, "wider than " + fmt(CLOSE) + "×", "within " + fmt(CLOSE) + "×");
                if (c.differs(Stats.ALPHA)) {
                    close += c.ratio() < 1 ? 1 : 0;
                    wide += c.ratio() > 1 ? 1 : 0;
                }
            }
            seen.add(label(r) + " N=" + clients(r) + marks(r) + " " + fmt(tail(r)) + "× (" + v + ")");
        }
        String evidence = "p99/p50 of the rings: " + String.join(", ", seen) + blockingContrast(rows) + "; " + close + " of "
                + rings.size() + " rows shown within " + fmt(CLOSE) + "×, " + wide + " shown wider (per-fork p99 against " + fmt(CLOSE)
                + "× the same fork's p50, paired t on log-ratios, α = " + Stats.formatP(Stats.ALPHA) + ")";
        return new Observation(claim, evidence, close == rings.size() ? AGREE : wide > 0 ? DISAGREE : CANNOT_TELL);
    }

    private static String blockingContrast(List<Map<String, String>> rows) {
        List<Map<String, String>> blocking = ok(rows, EchoSuite.BLOCKING, "closed");
        return blocking.isEmpty() ? "" : " (blocking server: " + blocking.stream()
                .map(r -> "N=" + clients(r) + " " + fmt(tail(r)) + "×").collect(Collectors.joining(", ")) + ")";
    }

    /** 2. p99 rises above 4 client threads: p99 at the largest N > 4 against N = 4, per ring configuration. */
    static Observation kneeAboveFour(List<Map<String, String>> rows) {
        String claim = "The rings' p99 rises once there are more than " + PUBLISHED_KNEE + " client threads.";
        Map<String, List<Map<String, String>>> byConfig = byConfig(ok(rows, "rings", "closed"));
        List<String> seen = new ArrayList<>();
        int rise = 0;
        int fall = 0;
        for (Map.Entry<String, List<Map<String, String>>> e : byConfig.entrySet()) {
            Map<String, String> four = atClients(e.getValue(), PUBLISHED_KNEE);
            Map<String, String> above = e.getValue().stream().filter(r -> clients(r) > PUBLISHED_KNEE)
                    .max((a, b) -> Integer.compare(clients(a), clients(b))).orElse(null);
            if (four == null || above == null) {
                continue;
            }
            Stats.Interval a = p99(four);
            Stats.Interval b = p99(above);
            String change = compare(above, four, "p99_ns", "rises", "falls");
            rise += change.startsWith("rises") ? 1 : 0;
            fall += change.startsWith("falls") ? 1 : 0;
            seen.add(e.getKey() + ": p99 " + us(a.centre()) + " µs at N=" + PUBLISHED_KNEE + ", " + us(b.centre()) + " µs at N="
                    + clients(above) + " (" + change + ")");
        }
        if (seen.isEmpty()) {
            int most = ok(rows, "rings", "closed").stream().mapToInt(EchoObservations::clients).max().orElse(0);
            return new Observation(claim, "no ok rings row above " + PUBLISHED_KNEE + " clients beside one at " + PUBLISHED_KNEE
                    + " (most clients in this run: " + most + "; the full profile runs 8)" + firstRise(byConfig), CANNOT_TELL);
        }
        String verdict = rise > 0 && fall == 0 ? AGREE : fall > 0 && rise == 0 ? DISAGREE : CANNOT_TELL;
        return new Observation(claim, String.join("; ", seen) + firstRise(byConfig), verdict);
    }

    /** Where on this box p99 first rises over its N = 1 value by the stated test, per ring configuration. */
    private static String firstRise(Map<String, List<Map<String, String>>> byConfig) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<Map<String, String>>> e : byConfig.entrySet()) {
            Map<String, String> one = atClients(e.getValue(), 1);
            if (one == null) {
                continue;
            }
            String at = e.getValue().stream().filter(r -> clients(r) > 1 && compare(r, one, "p99_ns", "rises", "falls").startsWith("rises")).map(r -> "N=" + clients(r)).findFirst().orElse("none of N=" + e.getValue().stream()
                    .filter(r -> clients(r) > 1).map(r -> Integer.toString(clients(r))).collect(Collectors.joining(",")));
            out.add(e.getKey() + " " + at);
        }
        return out.isEmpty() ? "" : ". First client count whose p99 is higher than N=1's (the study's t-test on log per-fork p99s, α = "
                + Stats.formatP(Stats.ALPHA) + "): " + String.join(", ", out);
    }

    /** 3. A sleeping wait ({@code park}) beat busy spin ({@code spin}): ring rows paired by transport and N. */
    static Observation sleepingBeatsSpin(List<Map<String, String>> rows) {
        String claim = "A sleeping wait strategy beat busy spin (here: the rings' p50 with park vs spin, same transport and N).";
        List<String> pairs = new ArrayList<>();
        int park = 0;
        int spin = 0;
        for (Map<String, String> s : ok(rows, "rings", "closed")) {
            if (!s.get("wait").equals("spin")) {
                continue;
            }
            Map<String, String> p = ok(rows, "rings", "closed").stream().filter(r -> r.get("wait").equals("park")
                    && r.get("transport").equals(s.get("transport")) && clients(r) == clients(s)).findFirst().orElse(null);
            if (p == null) {
                continue;
            }
            Stats.Interval ip = p50(p);
            Stats.Interval is = p50(s);
            String winner = compare(p, s, "p50_ns", "spin", "park");
            park += winner.startsWith("park") ? 1 : 0;
            spin += winner.startsWith("spin") ? 1 : 0;
            pairs.add(s.get("transport") + " N=" + clients(s) + ": park " + us(ip.centre()) + " µs vs spin " + us(is.centre())
                    + " µs (" + winner + ")");
        }
        if (pairs.isEmpty()) {
            String why = rows.stream().filter(r -> "rings".equals(r.get("variant")) && "spin".equals(r.get("wait"))
                    && !Status.ok(r)).map(r -> r.get("status")).findFirst()
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
    static String compare(Map<String, String> a, Map<String, String> b, String col, String higher, String lower) {
        double[] x = forks(a, col);
        double[] y = forks(b, col);
        if (x == null || y == null) {
            return "untested: no per-fork values";
        }
        Comparison c = Stats.shiftTest(x, y);
        String flags = (marks(a) + marks(b)).contains("*") ? " (oversubscribed)" : "";
        return c.verdict(c.p(), 1, higher, lower) + flags + ((marks(a) + marks(b)).contains("!") ? " (unstable)" : "");
    }

    /** {@code *} oversubscribed, {@code !} unstable: the flags travel with every row named in evidence. */
    static String marks(Map<String, String> r) {
        return ("true".equals(r.get("oversubscribed")) ? "*" : "") + ("true".equals(r.get("unstable")) ? "!" : "");
    }

    /** A row's per-fork values of a column ({@code <col>_forks}), or null. */
    static double[] forks(Map<String, String> r, String col) {
        String v = r.getOrDefault(col + Forks.FORKS_SUFFIX, "");
        if (v.isEmpty()) {
            return null;
        }
        return java.util.Arrays.stream(v.split(";", -1)).mapToDouble(x -> x.isBlank() ? Double.NaN : Double.parseDouble(x)).toArray();
    }

    /** The ok rows of {@code variant} (null: every variant) in {@code mode}. */
    static List<Map<String, String>> ok(List<Map<String, String>> rows, String variant, String mode) {
        return rows.stream().filter(r -> (variant == null || variant.equals(r.get("variant"))) && mode.equals(r.get("mode"))
                && Status.ok(r)).toList();
    }

    private static Map<String, List<Map<String, String>>> byConfig(List<Map<String, String>> rows) {
        Map<String, List<Map<String, String>>> out = new LinkedHashMap<>();
        rows.forEach(r -> out.computeIfAbsent(label(r), k -> new ArrayList<>()).add(r));
        return out;
    }

    private static Map<String, String> atClients(List<Map<String, String>> rows, int n) {
        return rows.stream().filter(r -> clients(r) == n).findFirst().orElse(null);
    }

    static String label(Map<String, String> r) {
        return r.get("transport") + "/" + r.get("wait");
    }

    static int clients(Map<String, String> r) {
        return Integer.parseInt(r.get("clients"));
    }

    private static double tail(Map<String, String> r) {
        return num(r, "p99_ns") / num(r, "p50_ns");
    }

    static Stats.Interval p50(Map<String, String> r) {
        return interval(r, "p50");
    }

    static Stats.Interval p99(Map<String, String> r) {
        return interval(r, "p99");
    }

    private static Stats.Interval interval(Map<String, String> r, String p) {
        return new Stats.Interval(num(r, p + "_ns"), num(r, p + "_lo_ns"), num(r, p + "_hi_ns"), num(r, "interval_level"),
                Integer.parseInt(r.getOrDefault("forks", "1")));
    }

    static double num(Map<String, String> r, String k) {
        String v = r.get(k);
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    static String us(double ns) {
        double u = ns / 1000;
        return u >= 100 ? String.format(java.util.Locale.ROOT, "%.0f", u) : String.format(java.util.Locale.ROOT, "%.1f", u);
    }

    private static String fmt(double x) {
        return String.format(java.util.Locale.ROOT, "%.1f", x);
    }
}
