package handoff.harness.overload;

import handoff.harness.page.Page;
import handoff.harness.page.FigureSection;
import handoff.harness.page.Fmt;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.Plot;
import handoff.harness.page.RunData;
import handoff.harness.results.Cells;
import handoff.pipelines.overload.OverloadPolicy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The overload suite's part of the report: one figure (goodput and completed-event p99 against offered load, a
 * panel pair per policy, a line per transport; {@code plots/overload.gp}) with its table, the table at 1.5× in the
 * main text, and the policies each transport cannot express with the reason.
 */
public final class OverloadParts implements FigureSection {
    /** The appendix with the per-row table at the shown load. */
    static final String APPENDIX = "appendix-overload.md";

    static final String NAME = "overload";
    private static final int SHOWN_LOAD = 150;

    @Override
    public List<String> files() {
        return List.of(OverloadCsv.FILE);
    }

    @Override
    public String script() {
        return "overload";
    }

    @Override
    public int rank() {
        return 150;
    }

    private static List<OverloadLine> ok(List<OverloadLine> rows) {
        return rows.stream().filter(OverloadLine::ok).toList();
    }

    @Override
    public List<Plot> write(RunData run, Path dataDir) throws IOException {
        List<OverloadLine> ok = ok(OverloadCsv.read(run.holder(OverloadCsv.FILE)));
        if (ok.isEmpty()) {
            return List.of();
        }
        List<String> transports = ok.stream().map(OverloadLine::transport).distinct().toList();
        List<OverloadPolicy> policies = Arrays.stream(OverloadPolicy.values())
                .filter(p -> ok.stream().anyMatch(r -> r.policy() == p)).toList();
        double maxP99 = 1;
        double minP99 = Double.MAX_VALUE;
        for (int i = 0; i < policies.size(); i++) {
            StringBuilder d = new StringBuilder();
            for (String t : transports) {
                d.append("# ").append(t).append(": load_pct goodput_pct_of_saturation p99_ms\n");
                boolean any = false;
                for (OverloadLine r : ok) {
                    OverloadLine.Figures f = r.figures();
                    if (r.transport().equals(t) && r.policy() == policies.get(i)) {
                        any = true;
                        // no completed event due in the window (a producer that never got past the warm-up): no p99
                        double p99 = f.samples() > 0 ? Math.max(f.p99Ns() / 1e6, 1e-3) : Double.NaN;
                        if (p99 > 0) {
                            maxP99 = Math.max(maxP99, p99);
                            minP99 = Math.min(minP99, p99);
                        }
                        d.append(r.loadPct()).append(' ').append(Fmt.dat(100 * f.goodputEps() / r.saturationEps()))
                                .append(' ').append(Double.isNaN(p99) ? "NaN" : Fmt.dat(p99)).append('\n');
                    }
                }
                if (!any) {
                    d.append("NaN NaN NaN\n");
                }
                d.append("\n\n");
            }
            Files.writeString(dataDir.resolve(NAME + "-" + (i + 1) + ".dat"), d.toString(), StandardCharsets.UTF_8);
        }
        String title = "Overload: goodput and completed-event p99 vs offered load, per policy";
        boolean over = ok.stream().anyMatch(OverloadLine::oversubscribed);
        GnuplotInclude g = new GnuplotInclude().comment(title).str("fig_title", title)
                .str("fig_note", over ? "every row ran more threads than CPUs (oversubscribed)" : "")
                .num("fig_w", Math.max(700, 300 * policies.size())).num("fig_h", 620).num("n_pol", policies.size())
                .array("pol_title", policies.stream().map(OverloadPolicy::id).toList())
                .num("n_series", transports.size()).array("s_title", transports)
                .array("s_colour", transports.stream().map(run.traits::colour).toList())
                .num("ymin_p99", (minP99 == Double.MAX_VALUE ? 1e-3 : minP99) / 1.5).num("ymax_p99", maxP99 * 1.5);
        Files.writeString(dataDir.resolve(NAME + ".gp"), g.toString(), StandardCharsets.UTF_8);
        MarkdownTable t = table(ok, null);
        return List.of(new Plot(script(), NAME, title, "Producers offer events open loop at multiples of the configuration's "
                + "rate basis measured in this run, named in the table's load column: the pipeline suite's saturation throughput of the same "
                + "transport, wait, producers and work; else a closed-loop saturation probe in the trial's JVM; else, as a fallback that need not "
                + "overload, the latency suite's sustainable open-loop rate. Offered = the rate the pacer reached, beside the nominal one where it fell "
                + "behind. Overloaded? = above 1×, whether a policy that can shed (timeout, drop-new, drop-old) rejected or discarded any event. "
                + "Each runs for a fixed window, then the producers stop; the pipeline drains every accepted event. Top: "
                + "events due in the window completed by the deadline as % of the rate basis; bottom: p99 from intended "
                + "send time (log). Every row's offered = completed + rejected + discarded was verified exactly, per producer. "
                + "Read p99 only beside the drop % in the table: a policy that drops events keeps its latency low by not "
                + "completing them. Events the producers never reached (behind %) are censored at their lower bound (stop time − "
                + "intended time) and counted in p50/p99: \"≥\" marks a p99 that reaches them, so it is a lower bound. Goodput = "
                + "the window's events completed within 100 ms of its end ÷ those due × offered (never above offered); "
                + "Percentiles cover the window's steady part (from where 8 of its 20 intervals show no trend, within its first half); "
                + "`not-steady` = there was none, and its second half is shown.", t, over));
    }

    /** Every ok row (or those at {@code load} %), with latency always beside the drop percentages. */
    private static MarkdownTable table(List<OverloadLine> ok, Integer load) {
        MarkdownTable t = new MarkdownTable("transport", "policy", "load", "offered (achieved)", "overloaded?", "goodput", "rejected %", "discarded %", "behind %", "p50", "p99",
                "stall p99", "time in publish %", "peak backlog / bound", "heap growth (GCs)", "drain", "flags");
        for (OverloadLine r : ok) {
            if (load != null && !load.equals(r.loadPct())) {
                continue;
            }
            OverloadLine.Figures f = r.figures();
            t.row(r.label(), r.policy().id(), load(r), OverloadCheck.offered(r), OverloadCheck.verdict(r),
                    Fmt.rate(f.goodputEps()), pct(f.rejectedPct()), pct(f.discardedPct()), pct(f.behindPct()),
                    latency(f, f.p50Ns()), (f.p99Censored() ? "≥ " : "") + latency(f, f.p99Ns()),
                    Fmt.time(f.stallP99Ns()), pct(f.inPublishPct()),
                    Fmt.count(f.peakBacklog()) + " / " + Fmt.count(f.backlogBound()),
                    Fmt.bytes(f.heapGrowthBytes()) + " (" + Cells.format(f.gcCount()) + ")", Fmt.ms(f.drainMs()),
                    ((r.oversubscribed() ? "*" : "") + (f.withinCapacity() ? "" : " >bound")
                            + (f.notSteady() ? " not-steady" : "")).trim());
        }
        return t;
    }

    /**
     * The load as a multiple of the rate it is scaled to, and that rate and where it came from, e.g. {@code 1.50× of
     * 3.59 M/s pipeline saturation}: a multiple of a conservative basis need not overload anything, and the reader must see which.
     */
    private static String load(OverloadLine r) {
        RateBasis b = r.rateBasis();
        String basis = b == RateBasis.PIPELINE ? "pipeline saturation" : b == RateBasis.PROBE ? "probed saturation"
                : b == RateBasis.SUSTAINABLE ? "sustainable (not a saturation rate)" : "";
        return Fmt.sig3(r.loadPct() / 100.0) + "×" + (!Double.isNaN(r.saturationEps())
                ? " of " + Fmt.rate(r.saturationEps()) + (basis.isEmpty() ? "" : " " + basis) : "");
    }

    private static String pct(double v) {
        return Fmt.sig3(v) + " %";
    }

    /** A percentile of completed events due in the window, or "none" when no such event completed. */
    private static String latency(OverloadLine.Figures f, double ns) {
        return f.samples() > 0 ? Fmt.time(ns) : "none";
    }

    @Override
    public void write(Page doc) throws IOException {
        List<OverloadLine> rows = OverloadCsv.read(doc.run.holder(OverloadCsv.FILE));
        if (rows.isEmpty()) {
            return;
        }
        doc.h2("Overload: what each transport does when producers outrun the pipeline");
        doc.plots(script()).stream().filter(p -> p.name().equals(NAME)).forEach(doc::figure);
        List<OverloadLine> ok = ok(rows);
        int shown = ok.stream().anyMatch(r -> r.loadPct() == SHOWN_LOAD) ? SHOWN_LOAD
                : ok.stream().mapToInt(OverloadLine::loadPct).max().orElse(SHOWN_LOAD);
        if (!ok.isEmpty()) {
            String title = "Overload at " + Fmt.sig3(shown / 100.0) + "× each configuration's rate basis";
            Page a = doc.page(APPENDIX, title);
            a.p("At " + Fmt.sig3(shown / 100.0) + "× each configuration's rate basis, named in the load column (`pipeline saturation` = "
                    + "the pipeline suite's saturation throughput of the same configuration; `sustainable` = fallback where no saturation row "
                    + "exists, a latency-limited lower bound from short probes, so a multiple of it need not overload anything; `*` = oversubscribed; "
                    + "`>bound` = backlog beyond the transport's capacity; behind % = events due that a stalled producer never reached before it "
                    + "was stopped; overloaded? = whether a policy that can shed rejected or discarded any event):");
            a.table(table(ok, shown));
            List<OverloadLine> atShown = ok.stream().filter(r -> r.loadPct() == shown).toList();
            long[] there = OverloadCheck.count(atShown);
            long[] above = OverloadCheck.count(ok);
            long behind = ok.stream().filter(r -> OverloadCheck.counted(r) && OverloadCheck.behind(r)).count();
            long fallback = ok.stream().map(OverloadLine::rateBasis).filter(b -> b != null && !b.saturation()).count();
            doc.p("At " + Fmt.sig3(shown / 100.0) + "× each configuration's rate basis, " + there[0] + " of " + there[1]
                    + " rows of a policy that can shed (timeout, drop-new, drop-old; block and unbounded cannot) rejected or discarded any event; "
                    + "at every multiple above 1×, " + above[0] + " of " + above[1] + (above[0] == above[1] ? "." : ": a row that did not shed did not overload "
                    + "its pipeline and is no test of its policy (its overloaded? cell says why).")
                    + (behind > 0 ? " In " + behind + " of those rows the pacer offered under 99 % of the nominal rate (offered column)." : "")
                    + (fallback > 0 ? " " + fallback + " of " + ok.size() + " rows are scaled to the latency suite's sustainable open-loop rate, a "
                    + "latency-limited lower bound, not what the configuration can carry (the suite now uses it only where no saturation row "
                    + "exists; runs before issue 40 preferred it)." : "")
                    + " Every row with its goodput, rejected, discarded and behind "
                    + "shares, p50, p99, stall p99, time in publish, peak backlog, heap and drain: "
                    + doc.link(APPENDIX, "the overload table") + ".");
        }
        List<String> notRun = new ArrayList<>();
        for (OverloadLine r : rows) {
            if (!r.ok()) {
                notRun.add("`" + r.transport() + "` " + r.policy().id()
                        + (r.loadPct() == null ? "" : " @" + r.loadPct() + "%") + ": " + r.status().render());
            }
        }
        if (!notRun.isEmpty()) {
            // each with its reason in the status appendix: the main report only counts them
            doc.p("Not measured: " + notRun.size() + " transport × policy rows that the transport cannot express (n/a, each "
                    + "with its reason in the status appendix linked under \"Rows without numbers\").");
        }
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<OverloadLine> ok;
        try {
            ok = ok(OverloadCsv.read(run.holder(OverloadCsv.FILE)));
        } catch (IOException e) {
            return List.of("Overload: overload.csv could not be read (" + e.getMessage() + ").");
        }
        if (ok.isEmpty()) {
            return List.of();
        }
        long over = ok.stream().filter(OverloadLine::oversubscribed).count();
        return List.of("Overload: " + ok.size() + " rows with every offered event accounted for" + (over > 0 ? "; " + over
                + " of them oversubscribed, so the rate basis they are scaled to is the scheduler's as much as the transport's." : "."));
    }
}
