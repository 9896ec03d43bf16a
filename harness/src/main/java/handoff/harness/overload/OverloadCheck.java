package handoff.harness.overload;

import handoff.harness.page.NumberText;
import handoff.harness.page.Prose;
import handoff.pipelines.overload.OverloadPolicy;

import java.util.List;

/**
 * Whether an overload row overloaded (issue 40): above 1× its rate basis, a policy that can shed ({@link
 * OverloadPolicy#sheds()}: timeout, drop-new, drop-old) must have rejected or discarded an event, or the pipeline
 * carried the load and the row is no test of the policy. Block and unbounded rows cannot shed and are never
 * counted; rows at or below 1× are the control. Also what the pacer really offered against the nominal rate. Each
 * method takes an ok line (one with figures).
 */
final class OverloadCheck {
    private static final Prose TEXT = Prose.of("overload");
    /** Achieved offered below this share of nominal is reported as the generator falling behind. */
    static final double ON_SCHEDULE = 0.99;

    private OverloadCheck() {
    }

    /** A row above 1× of a policy that can shed: the rows the check counts. */
    static boolean counted(OverloadLine r) {
        return aboveOneTimes(r) && r.policy().sheds();
    }

    /** Whether the row rejected or discarded any event. */
    static boolean shed(OverloadLine r) {
        return r.figures().rejected() > 0 || r.figures().discarded() > 0;
    }

    /**
     * The rate the pacer really offered: {@code offered_achieved_eps}, or, in a run before issue 40, the nominal
     * rate × (1 − behind %), which is the same ratio (attempts ÷ due) summed over forks.
     */
    static double achieved(OverloadLine r) {
        OverloadLine.Figures f = r.figures();
        return !Double.isNaN(f.offeredAchievedEps()) ? f.offeredAchievedEps()
                : f.offeredEps() * (1 - f.behindPct() / 100);
    }

    /** "achieved / nominal", e.g. {@code 5.12 M/s / 7.18 M/s (71 %)}, or the nominal rate alone when on schedule. */
    static String offered(OverloadLine r) {
        double nominal = r.figures().offeredEps();
        double a = achieved(r);
        if (Double.isNaN(a) || a >= ON_SCHEDULE * nominal) {
            return TEXT.fill("offered.on-schedule").with("nominal", NumberText.rate(nominal)).text();
        }
        return TEXT.fill("offered.behind").with("achieved", NumberText.rate(a)).with("nominal", NumberText.rate(nominal))
                .with("percent", NumberText.sig3(100 * a / nominal)).text();
    }

    /** The per-row verdict: control, cannot shed, shed, or did not (with why it may not have). */
    static String verdict(OverloadLine r) {
        if (!aboveOneTimes(r)) {
            return TEXT.get("check.control");
        }
        if (!r.policy().sheds()) {
            return TEXT.get("check.cannot-shed");
        }
        if (shed(r)) {
            return TEXT.get("check.shed");
        }
        RateBasis b = r.rateBasis();
        String why = behind(r) ? TEXT.get("check.why.behind")
                : b != null && !b.saturation() ? TEXT.get("check.why.basis") : TEXT.get("check.why.carried");
        return TEXT.fill("check.no").with("why", why).text();
    }

    /** "N of M": counted rows that shed, of the counted rows among {@code rows}. */
    static long[] count(List<OverloadLine> rows) {
        List<OverloadLine> c = rows.stream().filter(OverloadCheck::counted).toList();
        return new long[]{c.stream().filter(OverloadCheck::shed).count(), c.size()};
    }

    /** Whether the pacer offered under {@link #ON_SCHEDULE} of the nominal rate. */
    static boolean behind(OverloadLine r) {
        return achieved(r) < ON_SCHEDULE * r.figures().offeredEps();
    }

    /** Above 1× the rate basis (an {@code n/a} line has no load). */
    private static boolean aboveOneTimes(OverloadLine r) {
        return r.loadPct() != null && r.loadPct() > 100;
    }
}
