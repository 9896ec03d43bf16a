package handoff.harness.overload;

import handoff.harness.report.Fmt;
import handoff.pipelines.overload.OverloadPolicy;

import java.util.List;
import java.util.Map;

/**
 * Whether an overload row overloaded (issue 40): above 1× its rate basis, a policy that can shed ({@link
 * OverloadPolicy#sheds()}: timeout, drop-new, drop-old) must have rejected or discarded an event, or the pipeline
 * carried the load and the row is no test of the policy. Block and unbounded rows cannot shed and are never
 * counted; rows at or below 1× are the control. Also what the pacer really offered against the nominal rate.
 */
final class OverloadCheck {
    /** Achieved offered below this share of nominal is reported as the generator falling behind. */
    static final double ON_SCHEDULE = 0.99;

    private OverloadCheck() {
    }

    static double num(Map<String, String> r, String k) {
        String v = r.get(k);
        return v == null || v.isEmpty() ? Double.NaN : Double.parseDouble(v);
    }

    /** A row above 1× of a policy that can shed: the rows the check counts. */
    static boolean counted(Map<String, String> r) {
        return num(r, "load_pct") > 100 && OverloadPolicy.parse(r.get("policy")).sheds();
    }

    /** Whether the row rejected or discarded any event. */
    static boolean shed(Map<String, String> r) {
        return num(r, "rejected") > 0 || num(r, "discarded") > 0;
    }

    /**
     * The rate the pacer really offered: {@code offered_achieved_eps}, or, in a run before issue 40, the nominal
     * rate × (1 − behind %), which is the same ratio (attempts ÷ due) summed over forks.
     */
    static double achieved(Map<String, String> r) {
        double a = num(r, "offered_achieved_eps");
        return !Double.isNaN(a) ? a : num(r, "offered_eps") * (1 - num(r, "behind_pct") / 100);
    }

    /** "achieved / nominal", e.g. {@code 5.12 M/s / 7.18 M/s (71 %)}, or the nominal rate alone when on schedule. */
    static String offered(Map<String, String> r) {
        double nominal = num(r, "offered_eps");
        double a = achieved(r);
        if (Double.isNaN(a) || a >= ON_SCHEDULE * nominal) {
            return Fmt.rate(nominal) + " (on schedule)";
        }
        return Fmt.rate(a) + " of " + Fmt.rate(nominal) + " (" + Fmt.sig3(100 * a / nominal) + " %)";
    }

    /** The per-row verdict: control, cannot shed, shed, or did not (with why it may not have). */
    static String verdict(Map<String, String> r) {
        if (!(num(r, "load_pct") > 100)) {
            return "control (≤ 1×)";
        }
        if (!OverloadPolicy.parse(r.get("policy")).sheds()) {
            return "— (cannot shed)";
        }
        if (shed(r)) {
            return "yes";
        }
        RateBasis b = RateBasis.of(r.get("rate_basis"));
        String why = achieved(r) < ON_SCHEDULE * num(r, "offered_eps") ? "pacer fell behind its nominal rate"
                : b != null && !b.saturation() ? "basis is not a saturation rate" : "the pipeline carried it";
        return "**no** (" + why + ")";
    }

    /** "N of M": counted rows that shed, of the counted rows among {@code rows}. */
    static long[] count(List<Map<String, String>> rows) {
        List<Map<String, String>> c = rows.stream().filter(OverloadCheck::counted).toList();
        return new long[]{c.stream().filter(OverloadCheck::shed).count(), c.size()};
    }
}
