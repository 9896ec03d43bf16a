package handoff.harness.env;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The kernel's CPU list syntax, {@code 0-3,8,10-11}, used by {@code --cpus} and by /sys. */
public final class CpuList {
    /** Linux's own ceiling (CONFIG_NR_CPUS is at most 8192); a larger number is a typo, not a CPU. */
    private static final int MAX_CPU = 8191;

    private CpuList() {
    }

    /**
     * @throws IllegalArgumentException naming the bad list and the allowed form: a malformed or empty entry,
     *                                  or a CPU named twice (two roles pinned to one CPU without a word)
     */
    public static List<Integer> parse(String text) {
        String t = text == null ? "" : text.trim();
        String allowed = "expected e.g. 2,3 or 2-5, each CPU once";
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty CPU list; " + allowed);
        }
        Set<Integer> out = new LinkedHashSet<>();
        for (String part : t.split(",", -1)) {
            String p = part.trim();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("CPU list '" + text + "' has an empty entry; " + allowed);
            }
            int lo;
            int hi;
            try {
                int dash = p.indexOf('-');
                lo = Integer.parseInt(dash > 0 ? p.substring(0, dash) : p);
                hi = dash > 0 ? Integer.parseInt(p.substring(dash + 1)) : lo;
            } catch (NumberFormatException e) {
                lo = -1;
                hi = -1;
            }
            if (lo > hi || lo < 0 || hi > MAX_CPU) {
                throw new IllegalArgumentException("malformed CPU list '" + text + "'; " + allowed);
            }
            for (int c = lo; c <= hi; c++) {
                if (!out.add(c)) {
                    throw new IllegalArgumentException("CPU list '" + text + "' names CPU " + c + " twice; " + allowed);
                }
            }
        }
        return new ArrayList<>(out);
    }
}
