package handoff.harness.echo;

import handoff.harness.trial.Status;

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
    record Series(String title, List<Map<String, String>> rows) {
    }

    private EchoFigure() {
    }

    static List<Series> series(List<Map<String, String>> rows) {
        Map<String, List<Map<String, String>>> by = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            if (r.get("mode").equals("closed") && Status.ok(r)) {
                String title = r.get("variant").equals(r.get("transport")) ? r.get("variant")
                        : r.get("variant") + "/" + r.get("transport") + "/" + r.get("wait");
                by.computeIfAbsent(title, k -> new ArrayList<>()).add(r);
            }
        }
        List<Series> out = new ArrayList<>();
        by.forEach((t, rs) -> {
            List<Map<String, String>> sorted = new ArrayList<>(rs);
            sorted.sort((a, b) -> Integer.compare(EchoObservations.clients(a), EchoObservations.clients(b)));
            out.add(new Series(t, sorted));
        });
        return out;
    }
}
