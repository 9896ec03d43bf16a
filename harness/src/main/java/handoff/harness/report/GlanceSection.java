package handoff.harness.report;

import java.util.ArrayList;
import java.util.List;

/**
 * What a box shows at a glance, read from its rows and naming the box: pipeline saturation (P = 1, one thread per
 * stage) against abq at the same wait, with whether every fork lies above every abq fork; ours ÷ LMAX per topology with
 * its pairs and the suite's own verdict; RTT p50 at burst 1 by producers. Each line is a number the run holds; a
 * suite without rows adds no line. The tests behind each verdict are the suites' own sections'.
 */
public final class GlanceSection implements Section {
    static final String REFERENCE = "abq";

    @Override
    public void write(Doc doc) {
        RunData run = doc.run;
        Box box = Box.of(run);
        List<String> lines = new ArrayList<>();
        pipeline(run, lines);
        versus(run, lines);
        Md rtt = rtt(run);
        if (lines.isEmpty() && rtt.isEmpty()) {
            return;
        }
        doc.h2("At a glance — " + box.label());
        doc.list(lines);
        if (!rtt.isEmpty()) {
            doc.p("RTT p50 at burst 1 by producers (" + box.cpus() + "; median over forks of each fork's p50, `p50_fork_median_ns`; "
                    + "forks in brackets; ! = forks disagree by more than 2×, * = oversubscribed; sp/mp = the ring's producer model):");
            doc.table(rtt);
        }
    }

    /** Saturation of each P = 1, one-worker row; ÷ abq at the same wait, and whether its forks all lie above abq's. */
    static void pipeline(RunData run, List<String> out) {
        List<Row> rows = RunData.eq(RunData.eq(run.ok(RunData.PIPELINE), "producers", "1"), "workers", "1");
        List<String> parts = new ArrayList<>();
        for (Row r : run.inOrder(rows)) {
            if (r.get("transport").equals(REFERENCE)) {
                continue;
            }
            Row ref = RunData.eq(RunData.eq(rows, "transport", REFERENCE), "wait", r.get("wait")).stream().findFirst().orElse(null);
            String s = r.get("transport") + "/" + r.get("wait") + " " + Fmt.rate(r.num("throughput_eps"));
            if (ref != null) {
                boolean above = r.num("throughput_min_eps") > ref.num("throughput_max_eps");
                s += " (" + Fmt.ratio(r.num("throughput_eps") / ref.num("throughput_eps")) + (above ? ", every fork above every abq fork" : "")
                        + ")";
            }
            parts.add(s);
        }
        Row abq = RunData.eq(rows, "transport", REFERENCE).stream().findFirst().orElse(null);
        if (!parts.isEmpty() && abq != null) {
            out.add("Pipeline saturation, P = 1, one thread per stage, ÷ abq/" + abq.get("wait") + " " + Fmt.rate(abq.num("throughput_eps"))
                    + " on the same box (" + Box.of(run).cpus() + ", " + abq.get("forks") + " forks each): " + String.join("; ", parts) + ".");
        }
    }

    /** Ours ÷ LMAX per topology, as the suite's ratio file holds it. */
    static void versus(RunData run, List<String> out) {
        List<String> parts = new ArrayList<>();
        for (Row r : run.ok("disruptor-ratio.csv")) {
            if (r.get("sides").contains("lmax")) {
                parts.add(r.get("benchmark") + "/" + r.get("wait") + " " + Fmt.ratio(r.num("ratio")) + " [" + Fmt.ratio(r.num("ratio_lo")) + ", "
                        + Fmt.ratio(r.num("ratio_hi")) + "], " + r.get("pairs") + " pairs"
                        + (r.get("verdict").startsWith("not judged") ? "" : ", p = " + Fmt.sig3(r.num("p"))) + ": " + r.get("verdict"));
            }
        }
        if (!parts.isEmpty()) {
            out.add("Ours ÷ LMAX Disruptor 4, throughput (" + Box.of(run).cpus() + ", interleaved pairs, " + parts.size()
                    + " topologies measured): " + String.join("; ", parts) + ".");
        }
    }

    /** p50 at burst 1 and the first wait, one row per transport, one column per producer count. */
    static Md rtt(RunData run) {
        List<Row> rows = RunData.eq(run.rttTransports(), "burst", "1");
        List<String> producers = RunData.distinct(rows, "producers");
        if (producers.size() < 2) {
            return new Md();
        }
        List<String> head = new ArrayList<>(List.of("transport/wait"));
        producers.forEach(p -> head.add("P = " + p));
        Md t = new Md(head.toArray(String[]::new));
        for (String tr : RunData.distinct(rows, "transport")) {
            List<Row> mine = RunData.eq(rows, "transport", tr);
            String wait = RunData.distinct(mine, "wait").get(0);
            List<String> cells = new ArrayList<>(List.of(tr + "/" + wait));
            for (String p : producers) {
                List<Row> at = RunData.eq(RunData.eq(mine, "wait", wait), "producers", p);
                Row r = at.stream().filter(x -> x.get("producer_model").isEmpty() || x.get("producer_model").equals("sp")).findFirst()
                        .orElse(at.isEmpty() ? null : at.get(0)); // a single-producer ring runs P > 1 as its multi-producer model
                cells.add(r == null ? Fmt.NONE : Fmt.time(p50(r)) + " (" + r.get("forks") + ")" + r.marks()
                        + (r.has("producer_model") ? " " + r.get("producer_model") : ""));
            }
            t.row(cells);
        }
        return t;
    }

    private static double p50(Row r) {
        return r.has("p50_fork_median_ns") ? r.num("p50_fork_median_ns") : r.num("p50_ns");
    }
}
