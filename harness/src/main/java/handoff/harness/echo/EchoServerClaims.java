package handoff.harness.echo;

import handoff.harness.stats.Comparison;
import handoff.harness.stats.Holm;
import handoff.harness.stats.Stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static handoff.harness.echo.EchoObservations.AGREE;
import static handoff.harness.echo.EchoObservations.CANNOT_TELL;
import static handoff.harness.echo.EchoObservations.DISAGREE;

/**
 * The 2013 echo example's two claims about its servers, set against one run's {@code echo.csv}: its headline (the
 * Disruptor server beat the blocking-IO server) and its CPU figure (the Disruptor used 4-6 % CPU per core, with
 * SleepingWaitStrategy).
 */
final class EchoServerClaims {
    /** The example's CPU band, percent of a core. */
    static final double CPU_LO = 4;
    static final double CPU_HI = 6;

    private EchoServerClaims() {
    }

    /**
     * Headline: each rings row's p50 against the blocking server's at the same client count, the study's t-test on
     * per-fork p50s, Holm over every such pair. Agree when some pair shows the rings faster and none slower.
     */
    static EchoObservations.Observation ringsBeatBlocking(List<Map<String, String>> rows) {
        String claim = "The Disruptor server beat the blocking-IO server (here: the rings' closed-loop p50 against the blocking "
                + "server's at the same client count).";
        List<Map<String, String>> blocking = EchoObservations.ok(rows, EchoSuite.BLOCKING, "closed");
        List<String> labels = new ArrayList<>();
        List<Comparison> tests = new ArrayList<>();
        for (Map<String, String> r : EchoObservations.ok(rows, "rings", "closed")) {
            Map<String, String> b = blocking.stream().filter(x -> EchoObservations.clients(x) == EchoObservations.clients(r))
                    .findFirst().orElse(null);
            double[] x = EchoObservations.forks(r, "p50_ns");
            double[] y = b == null ? null : EchoObservations.forks(b, "p50_ns");
            if (x != null && y != null) {
                labels.add(EchoObservations.label(r) + " N=" + EchoObservations.clients(r) + EchoObservations.marks(r) + " "
                        + EchoObservations.us(EchoObservations.num(r, "p50_ns")) + " µs vs blocking" + EchoObservations.marks(b) + " "
                        + EchoObservations.us(EchoObservations.num(b, "p50_ns")) + " µs");
                tests.add(Stats.shiftTest(x, y));
            }
        }
        if (tests.isEmpty()) {
            return new EchoObservations.Observation(claim, "no ok rings row beside an ok blocking row at the same client count",
                    CANNOT_TELL);
        }
        double[] adjusted = Holm.adjust(tests.stream().mapToDouble(Comparison::p).toArray());
        int faster = 0;
        int slower = 0;
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            Comparison c = tests.get(i);
            String v = c.verdict(adjusted[i], tests.size(), "slower", "faster");
            faster += v.startsWith("faster") ? 1 : 0;
            slower += v.startsWith("slower") ? 1 : 0;
            seen.add(labels.get(i) + " (" + v + ")");
        }
        String verdict = faster > 0 && slower == 0 ? AGREE : slower > 0 && faster == 0 ? DISAGREE : CANNOT_TELL;
        return new EchoObservations.Observation(claim, "p50, rings vs blocking: " + String.join("; ", seen), verdict);
    }

    /**
     * CPU: each server's threads' CPU while idle and while serving one client, per core of this box
     * ({@code idle_cpu_pct}, {@code cpu_pct} ÷ CPUs), against the example's 4-6 %. A band has no test at three forks:
     * agree only when every fork of every park rings row lies in the band, disagree when every fork lies outside it on
     * the same side, else cannot tell.
     */
    static EchoObservations.Observation cpuPerCore(List<Map<String, String>> rows) {
        String claim = "The Disruptor server used 4-6 % CPU per core with a sleeping wait (here: the server threads' CPU per core "
                + "of this box, serving one client and idle).";
        List<String> seen = new ArrayList<>();
        int inside = 0;
        int above = 0;
        int below = 0;
        int judged = 0;
        for (Map<String, String> r : EchoObservations.ok(rows, null, "closed")) {
            if (EchoObservations.clients(r) != 1) {
                continue;
            }
            double cpus = EchoObservations.num(r, "cpus");
            double[] busy = EchoObservations.forks(r, "cpu_pct");
            String idle = r.getOrDefault("idle_cpu_pct", "");
            seen.add(r.get("variant") + (r.get("variant").equals("rings") || r.get("variant").equals("transport")
                    ? " " + EchoObservations.label(r) : "")
                    + EchoObservations.marks(r) + ": serving " + pct(EchoObservations.num(r, "cpu_pct") / cpus) + ", idle "
                    + (idle.isEmpty() ? "—" : pct(Double.parseDouble(idle) / cpus)));
            if (busy == null || !(cpus > 0) || !r.get("variant").equals("rings") || !"park".equals(r.get("wait"))) {
                continue;
            }
            judged++;
            double[] perCore = Arrays.stream(busy).map(x -> x / cpus).toArray();
            inside += Arrays.stream(perCore).allMatch(x -> x >= CPU_LO && x <= CPU_HI) ? 1 : 0;
            above += Arrays.stream(perCore).allMatch(x -> x > CPU_HI) ? 1 : 0;
            below += Arrays.stream(perCore).allMatch(x -> x < CPU_LO) ? 1 : 0;
        }
        if (seen.isEmpty()) {
            return new EchoObservations.Observation(claim, "no ok closed-loop row with one client", CANNOT_TELL);
        }
        String rule = " (per-thread CPU of the server's threads over the measured window ÷ wall time ÷ this box's CPUs; every fork "
                + "in 4-6 % agrees, every fork outside on one side disagrees)";
        String verdict = judged == 0 ? CANNOT_TELL : inside == judged ? AGREE : above == judged || below == judged ? DISAGREE
                : CANNOT_TELL;
        return new EchoObservations.Observation(claim, "CPU per core, N=1: " + String.join("; ", seen) + rule
                + (judged == 0 ? "; no park rings row to judge" : ""), verdict);
    }

    private static String pct(double x) {
        return Double.isNaN(x) ? "—" : String.format(Locale.ROOT, "%.1f %%", x);
    }
}
