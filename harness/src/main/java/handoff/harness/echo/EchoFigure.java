package handoff.harness.echo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;


/**
 * The echo suite's figure model: one series per server configuration (variant/transport/wait), its ok closed-loop
 * rows in client order. {@link EchoParts} draws it.
 */
final class EchoFigure {
    /** One line of the plot: a configuration's ok closed-loop rows in client order. */
    record Series(String title, List<EchoLine> rows) {
    }

    private EchoFigure() {
    }

    static List<Series> series(List<EchoLine> rows) {
        Map<String, List<EchoLine>> by = new LinkedHashMap<>();
        for (EchoLine r : rows) {
            if (r.mode().equals("closed") && r.ok()) {
                String title = r.variant().equals(r.transport()) ? r.variant()
                        : r.variant() + "/" + r.transport() + "/" + r.waitStrategy();
                by.computeIfAbsent(title, k -> new ArrayList<>()).add(r);
            }
        }
        List<Series> out = new ArrayList<>();
        by.forEach((t, rs) -> {
            List<EchoLine> sorted = new ArrayList<>(rs);
            sorted.sort((a, b) -> Integer.compare(a.clients(), b.clients()));
            out.add(new Series(t, sorted));
        });
        return out;
    }
}
