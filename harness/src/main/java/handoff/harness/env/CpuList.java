package handoff.harness.env;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The kernel's CPU list syntax, {@code 0-3,8,10-11}, used by {@code --cpus} and by /sys. */
public final class CpuList {
    private CpuList() {
    }

    /** @throws IllegalArgumentException naming the bad list and the allowed form */
    public static List<Integer> parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty CPU list; expected e.g. 2,3 or 2-5");
        }
        Set<Integer> out = new LinkedHashSet<>();
        for (String part : t.split(",")) {
            String p = part.trim();
            try {
                int dash = p.indexOf('-');
                if (dash > 0) {
                    int lo = Integer.parseInt(p.substring(0, dash));
                    int hi = Integer.parseInt(p.substring(dash + 1));
                    if (lo > hi || lo < 0) {
                        throw new NumberFormatException();
                    }
                    for (int c = lo; c <= hi; c++) {
                        out.add(c);
                    }
                } else {
                    int c = Integer.parseInt(p);
                    if (c < 0) {
                        throw new NumberFormatException();
                    }
                    out.add(c);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("malformed CPU list '" + text + "'; expected e.g. 2,3 or 2-5");
            }
        }
        return new ArrayList<>(out);
    }
}
