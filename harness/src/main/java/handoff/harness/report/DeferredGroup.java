package handoff.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One group of trials a run's plan deferred, as its manifest's {@code deferred} array holds it (written by the sweep's
 * budget keeper): its suite, what it was and how many trials of about how many seconds. The values stay as the
 * manifest's JSON gives them (null where absent), so each reader prints them as it always has.
 */
record DeferredGroup(Object suite, Object what, Object trials, Object seconds) {
    /** The manifest's {@code deferred} array's groups, in order; empty where it is not an array. */
    static List<DeferredGroup> of(Object deferred) {
        List<DeferredGroup> out = new ArrayList<>();
        if (deferred instanceof List<?> groups) {
            for (Object g : groups) {
                if (g instanceof Map<?, ?> m) {
                    out.add(new DeferredGroup(m.get("suite"), m.get("what"), m.get("trials"), m.get("seconds")));
                }
            }
        }
        return out;
    }
}
