package handoff.harness.echo;

import handoff.harness.page.Prose;
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
    private static final Prose TEXT = Prose.of("echo");
    static final String AGREE = TEXT.get("observation.agree");
    static final String DISAGREE = TEXT.get("observation.disagree");
    static final String CANNOT_TELL = TEXT.get("observation.cannot-tell");
    /** "Close": p99 within this factor of p50 (the study's factor for forks that disagree, too). */
    static final double CLOSE = 2.0;
    static final int PUBLISHED_KNEE = 4;
    private static final String RISES = TEXT.get("knee.rises");
    private static final String FALLS = TEXT.get("knee.falls");

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
        String claim = TEXT.fill("close.claim").with("close", fmt(CLOSE)).with("knee", PUBLISHED_KNEE).text();
        List<EchoLine> rings = ok(rows, "rings", "closed").stream()
                .filter(r -> r.clients() <= PUBLISHED_KNEE).toList();
        if (rings.isEmpty()) {
            return new Observation(claim, TEXT.get("close.no-rows"), CANNOT_TELL);
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
                v = TEXT.get("observation.untested");
            } else {
                double[] bound = Arrays.stream(p50).map(x -> CLOSE * x).toArray();
                Comparison c = Stats.pairedTest(p99, bound);
                v = c.verdict(c.p(), 1, TEXT.fill("close.wider").with("close", fmt(CLOSE)).text(),
                        TEXT.fill("close.within").with("close", fmt(CLOSE)).text());
                if (c.differs(Stats.ALPHA)) {
                    close += c.ratio() < 1 ? 1 : 0;
                    wide += c.ratio() > 1 ? 1 : 0;
                }
            }
            seen.add(TEXT.fill("close.row").with("label", r.label()).with("clients", r.clients()).with("marks", r.marks())
                    .with("tail", fmt(r.tail())).with("verdict", v).text());
        }
        String evidence = TEXT.fill("close.evidence").with("rows", String.join(", ", seen)).with("blocking", blockingContrast(rows))
                .with("close", close).with("count", rings.size()).with("factor", fmt(CLOSE)).with("wide", wide)
                .with("alpha", Stats.formatP(Stats.ALPHA)).text();
        return new Observation(claim, evidence, close == rings.size() ? AGREE : wide > 0 ? DISAGREE : CANNOT_TELL);
    }

    private static String blockingContrast(List<EchoLine> rows) {
        List<EchoLine> blocking = ok(rows, EchoSuite.BLOCKING, "closed");
        return blocking.isEmpty() ? "" : " " + TEXT.fill("close.blocking").with("rows", blocking.stream()
                .map(r -> TEXT.fill("close.blocking.row").with("clients", r.clients()).with("tail", fmt(r.tail())).text())
                .collect(Collectors.joining(", "))).text();
    }

    /** 2. p99 rises above 4 client threads: p99 at the largest N > 4 against N = 4, per ring configuration. */
    static Observation kneeAboveFour(List<EchoLine> rows) {
        String claim = TEXT.fill("knee.claim").with("knee", PUBLISHED_KNEE).text();
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
            String change = compare(above, four, EchoLine::p99Forks, RISES, FALLS);
            rise += change.startsWith(RISES) ? 1 : 0;
            fall += change.startsWith(FALLS) ? 1 : 0;
            seen.add(TEXT.fill("knee.row").with("config", e.getKey()).with("four", us(a.centre())).with("knee", PUBLISHED_KNEE)
                    .with("above", us(b.centre())).with("clients", above.clients()).with("change", change).text());
        }
        if (seen.isEmpty()) {
            int most = ok(rows, "rings", "closed").stream().mapToInt(EchoLine::clients).max().orElse(0);
            return new Observation(claim, TEXT.fill("knee.no-rows").with("knee", PUBLISHED_KNEE).with("most", most).text()
                    + firstRise(byConfig), CANNOT_TELL);
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
            String at = e.getValue().stream().filter(r -> r.clients() > 1 && compare(r, one, EchoLine::p99Forks, RISES, FALLS).startsWith(RISES))
                    .map(r -> TEXT.fill("knee.first.at").with("clients", r.clients()).text()).findFirst()
                    .orElse(TEXT.fill("knee.first.none").with("clients", e.getValue().stream().filter(r -> r.clients() > 1)
                            .map(r -> Integer.toString(r.clients())).collect(Collectors.joining(","))).text());
            out.add(e.getKey() + " " + at);
        }
        return out.isEmpty() ? "" : TEXT.fill("knee.first").with("alpha", Stats.formatP(Stats.ALPHA)).with("configs", String.join(", ", out)).text();
    }

    /** 3. A sleeping wait ({@code park}) beat busy spin ({@code spin}): ring rows paired by transport and N. */
    static Observation sleepingBeatsSpin(List<EchoLine> rows) {
        String claim = TEXT.get("sleep.claim");
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
            pairs.add(TEXT.fill("sleep.row").with("transport", s.transport()).with("clients", s.clients()).with("park", us(ip.centre()))
                    .with("spin", us(is.centre())).with("winner", winner).text());
        }
        if (pairs.isEmpty()) {
            String why = rows.stream().filter(r -> "rings".equals(r.variant()) && "spin".equals(r.waitStrategy())
                    && !r.ok()).map(EchoLine::status).findFirst()
                    .map(s -> TEXT.fill("sleep.not-measured").with("status", s).text()).orElse(TEXT.get("sleep.no-rows"));
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
            return TEXT.get("observation.untested");
        }
        Comparison c = Stats.shiftTest(x, y);
        String flags = (a.marks() + b.marks()).contains("*") ? " " + TEXT.get("observation.oversubscribed") : "";
        return c.verdict(c.p(), 1, higher, lower) + flags + ((a.marks() + b.marks()).contains("!") ? " " + TEXT.get("observation.unstable") : "");
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
