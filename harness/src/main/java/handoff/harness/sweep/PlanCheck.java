package handoff.harness.sweep;

import handoff.harness.trial.Status;
import handoff.harness.trial.Suite;
import handoff.harness.suites.Suites;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transport;
import handoff.queues.Transports;

import java.util.List;

/**
 * A plan must measure something. Options that are each valid can still combine into a suite with no trial
 * that runs ({@code --suites pipeline --transports baseline}: baseline is RTT-only; {@code --workers 2:2:1}
 * with transports whose hops take one consumer; busy-waiting trials that all need more CPUs than the box
 * has). Such a combination is bad input, refused before a run folder exists, rather than a run that
 * "completes" with no numbers.
 */
public final class PlanCheck {
    private PlanCheck() {
    }

    /**
     * @param suitesNamed whether the user named the suites: then each must have work; otherwise (every suite)
     *                    only the plan as a whole must
     * @throws IllegalArgumentException one line naming the suite, why it is empty, and what it would take
     */
    public static void requireWork(SweepPlan plan, boolean suitesNamed) {
        String first = null;
        for (String name : plan.suites()) {
            String why = idle(plan, Suites.get(name));
            if (why == null && !suitesNamed) {
                return;
            }
            if (why != null && suitesNamed) {
                throw new IllegalArgumentException("--suites " + name + " leaves nothing to run: " + why);
            }
            first = first == null ? why : first;
        }
        if (first != null) {
            throw new IllegalArgumentException("these options leave nothing to run in any suite; " + plan.suites().get(0) + ": " + first);
        }
    }

    /** Why a suite has no trial that measures a transport and will run, or null when it has one. */
    static String idle(SweepPlan plan, Suite suite) {
        List<TrialSpec> measuring = measuring(suite, plan);
        if (measuring.isEmpty()) {
            List<String> takes = Transports.all().stream().filter(t -> !measuring(suite, plan.withTransports(List.of(t))).isEmpty())
                    .map(Transport::id).toList();
            return "it takes none of --transports " + String.join(",", plan.transportsOr(false).stream().map(Transport::id).toList())
                    + "; allowed there: " + String.join(", ", takes);
        }
        Status why = null;
        for (TrialSpec t : measuring) {
            Status not = Sweep.precheck(plan, t);
            if (not == null) {
                return null;
            }
            why = why == null ? not : why;
        }
        return "no trial of it would run; " + Sweep.transportOf(measuring.get(0)) + " is " + why.kind().word() + ": " + why.reason();
    }

    /**
     * The trials that measure something: those of a registry transport, and those of a suite that does not choose
     * by transport (the disruptor suite's trials name a benchmark and run both rings); an echo server with no hand-off
     * ({@code inline}) measures no transport.
     */
    private static List<TrialSpec> measuring(Suite suite, SweepPlan plan) {
        return plan.runtime().expand(suite.plan(plan)).stream()
                .filter(t -> Sweep.transportOf(t) != null || !t.config().containsKey("transport")).toList();
    }
}
