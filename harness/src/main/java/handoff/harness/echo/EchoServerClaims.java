package handoff.harness.echo;

import handoff.harness.page.Prose;
import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static handoff.harness.echo.EchoObservations.AGREE;
import static handoff.harness.echo.EchoObservations.CANNOT_TELL;
import static handoff.harness.echo.EchoObservations.DISAGREE;

/**
 * The 2013 echo example's two claims about its servers, set against one run's {@code echo.csv}: its headline (the
 * Disruptor server beat the blocking-IO server) and its CPU figure (the Disruptor used 4-6 % CPU per core, with
 * SleepingWaitStrategy).
 */
final class EchoServerClaims {
    private static final Prose TEXT = Prose.of("echo");
    private static final String SLOWER = TEXT.get("servers.slower");
    private static final String FASTER = TEXT.get("servers.faster");
    /** The example's CPU band, percent of a core. */
    static final double CPU_LO = 4;
    static final double CPU_HI = 6;

    private EchoServerClaims() {
    }

    /**
     * Headline: each rings row's p50 against the blocking server's at the same client count, the study's t-test on
     * per-fork p50s, Holm over every such pair. Agree when some pair shows the rings faster and none slower.
     */
    static EchoObservations.Observation ringsBeatBlocking(List<EchoLine> rows) {
        String claim = TEXT.get("servers.claim");
        List<EchoLine> blocking = EchoObservations.ok(rows, EchoSuite.BLOCKING, "closed");
        List<String> labels = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (EchoLine r : EchoObservations.ok(rows, "rings", "closed")) {
            EchoLine b = blocking.stream().filter(x -> x.clients() == r.clients())
                    .findFirst().orElse(null);
            double[] x = r.p50Forks();
            double[] y = b == null ? null : b.p50Forks();
            if (x != null && y != null) {
                labels.add(TEXT.fill("servers.pair").with("label", r.label()).with("clients", r.clients()).with("marks", r.marks())
                        .with("rings", EchoObservations.us(r.p50().centre())).with("blockingMarks", b.marks())
                        .with("blocking", EchoObservations.us(b.p50().centre())).text());
                tests.add(Stats.shiftTest(x, y));
            }
        }
        if (tests.isEmpty()) {
            return new EchoObservations.Observation(claim, TEXT.get("servers.no-rows"), CANNOT_TELL);
        }
        double[] adjusted = Holm.adjust(tests.stream().mapToDouble(Comparison::p).toArray());
        int faster = 0;
        int slower = 0;
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            Comparison c = tests.get(i);
            String v = c.verdict(adjusted[i], tests.size(), SLOWER, FASTER);
            faster += v.startsWith(FASTER) ? 1 : 0;
            slower += v.startsWith(SLOWER) ? 1 : 0;
            seen.add(TEXT.fill("servers.seen").with("pair", labels.get(i)).with("verdict", v).text());
        }
        String verdict = faster > 0 && slower == 0 ? AGREE : slower > 0 && faster == 0 ? DISAGREE : CANNOT_TELL;
        return new EchoObservations.Observation(claim, TEXT.fill("servers.evidence").with("pairs", String.join("; ", seen)).text(), verdict);
    }

    /**
     * CPU: each server's threads' CPU while idle and while serving one client, per core of this box
     * ({@code idle_cpu_pct}, {@code cpu_pct} ÷ CPUs), against the example's 4-6 %. A band has no test at three forks:
     * agree only when every fork of every park rings row lies in the band, disagree when every fork lies outside it on
     * the same side, else cannot tell.
     */
    static EchoObservations.Observation cpuPerCore(List<EchoLine> rows) {
        String claim = TEXT.get("cpu.claim");
        List<String> seen = new ArrayList<>();
        int inside = 0;
        int above = 0;
        int below = 0;
        int judged = 0;
        for (EchoLine r : EchoObservations.ok(rows, null, "closed")) {
            if (r.clients() != 1) {
                continue;
            }
            double cpus = r.cpus();
            double[] busy = r.cpuPctForks();
            seen.add(TEXT.fill("cpu.row").with("server", r.variant() + (r.variant().equals("rings") || r.variant().equals("transport")
                    ? " " + r.label() : "")).with("marks", r.marks()).with("serving", pct(r.cpuPct() / cpus))
                    .with("idle", pct(r.idleCpuPct() / cpus)).text());
            if (busy == null || !(cpus > 0) || !r.variant().equals("rings") || !"park".equals(r.waitStrategy())) {
                continue;
            }
            judged++;
            double[] perCore = Arrays.stream(busy).map(x -> x / cpus).toArray();
            inside += Arrays.stream(perCore).allMatch(x -> x >= CPU_LO && x <= CPU_HI) ? 1 : 0;
            above += Arrays.stream(perCore).allMatch(x -> x > CPU_HI) ? 1 : 0;
            below += Arrays.stream(perCore).allMatch(x -> x < CPU_LO) ? 1 : 0;
        }
        if (seen.isEmpty()) {
            return new EchoObservations.Observation(claim, TEXT.get("cpu.no-rows"), CANNOT_TELL);
        }
        String rule = " " + TEXT.get("cpu.rule");
        String verdict = judged == 0 ? CANNOT_TELL : inside == judged ? AGREE : above == judged || below == judged ? DISAGREE
                : CANNOT_TELL;
        return new EchoObservations.Observation(claim, TEXT.fill("cpu.evidence").with("rows", String.join("; ", seen)).text() + rule
                + (judged == 0 ? TEXT.get("cpu.none-judged") : ""), verdict);
    }

    private static String pct(double x) {
        return Double.isNaN(x) ? "—" : String.format(Locale.ROOT, "%.1f %%", x);
    }
}
