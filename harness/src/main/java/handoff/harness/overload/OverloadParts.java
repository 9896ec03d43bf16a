package handoff.harness.overload;

import handoff.harness.page.FigureSection;
import handoff.harness.page.GnuplotInclude;
import handoff.harness.page.MarkdownTable;
import handoff.harness.page.NumberText;
import handoff.harness.page.Page;
import handoff.harness.page.Plot;
import handoff.harness.page.Prose;
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
    private static final Prose TEXT = Prose.of("overload");

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
                        d.append(r.loadPct()).append(' ').append(NumberText.dat(100 * f.goodputEps() / r.saturationEps()))
                                .append(' ').append(Double.isNaN(p99) ? "NaN" : NumberText.dat(p99)).append('\n');
                    }
                }
                if (!any) {
                    d.append("NaN NaN NaN\n");
                }
                d.append("\n\n");
            }
            Files.writeString(dataDir.resolve(NAME + "-" + (i + 1) + ".dat"), d.toString(), StandardCharsets.UTF_8);
        }
        String title = TEXT.get("figure.title");
        boolean over = ok.stream().anyMatch(OverloadLine::oversubscribed);
        GnuplotInclude g = new GnuplotInclude().comment(title).str("fig_title", title)
                .str("fig_note", over ? TEXT.get("figure.note") : "")
                .num("fig_w", Math.max(700, 300 * policies.size())).num("fig_h", 620).num("n_pol", policies.size())
                .array("pol_title", policies.stream().map(OverloadPolicy::id).toList())
                .num("n_series", transports.size()).array("s_title", transports)
                .array("s_colour", transports.stream().map(run.traits::colour).toList())
                .num("ymin_p99", (minP99 == Double.MAX_VALUE ? 1e-3 : minP99) / 1.5).num("ymax_p99", maxP99 * 1.5);
        Files.writeString(dataDir.resolve(NAME + ".gp"), g.toString(), StandardCharsets.UTF_8);
        MarkdownTable t = table(ok, null);
        return List.of(new Plot(script(), NAME, title, TEXT.get("figure.caption"), t, over));
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
                    NumberText.rate(f.goodputEps()), pct(f.rejectedPct()), pct(f.discardedPct()), pct(f.behindPct()),
                    latency(f, f.p50Ns()), (f.p99Censored() ? "≥ " : "") + latency(f, f.p99Ns()),
                    NumberText.time(f.stallP99Ns()), pct(f.inPublishPct()),
                    NumberText.count(f.peakBacklog()) + " / " + NumberText.count(f.backlogBound()),
                    NumberText.bytes(f.heapGrowthBytes()) + " (" + Cells.format(f.gcCount()) + ")", NumberText.ms(f.drainMs()),
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
        String basis = b == RateBasis.PIPELINE ? TEXT.get("basis.pipeline") : b == RateBasis.PROBE
                ? TEXT.get("basis.probe") : b == RateBasis.SUSTAINABLE ? TEXT.get("basis.sustainable") : "";
        return NumberText.sig3(r.loadPct() / 100.0) + "×" + (!Double.isNaN(r.saturationEps())
                ? " " + TEXT.fill("load.of").with("rate", NumberText.rate(r.saturationEps())).text() + (basis.isEmpty() ? "" : " " + basis) : "");
    }

    private static String pct(double v) {
        return NumberText.sig3(v) + " %";
    }

    /** A percentile of completed events due in the window, or "none" when no such event completed. */
    private static String latency(OverloadLine.Figures f, double ns) {
        return f.samples() > 0 ? NumberText.time(ns) : TEXT.get("latency.none");
    }

    @Override
    public void write(Page doc) throws IOException {
        List<OverloadLine> rows = OverloadCsv.read(doc.run.holder(OverloadCsv.FILE));
        if (rows.isEmpty()) {
            return;
        }
        doc.h2(TEXT.get("part.title"));
        doc.plots(script()).stream().filter(p -> p.name().equals(NAME)).forEach(doc::figure);
        List<OverloadLine> ok = ok(rows);
        int shown = ok.stream().anyMatch(r -> r.loadPct() == SHOWN_LOAD) ? SHOWN_LOAD
                : ok.stream().mapToInt(OverloadLine::loadPct).max().orElse(SHOWN_LOAD);
        if (!ok.isEmpty()) {
            String multiple = NumberText.sig3(shown / 100.0);
            String title = TEXT.fill("appendix.title").with("multiple", multiple).text();
            Page a = doc.page(APPENDIX, title);
            a.p(TEXT.fill("appendix.intro").with("multiple", multiple).text());
            a.table(table(ok, shown));
            List<OverloadLine> atShown = ok.stream().filter(r -> r.loadPct() == shown).toList();
            long[] there = OverloadCheck.count(atShown);
            long[] above = OverloadCheck.count(ok);
            long behind = ok.stream().filter(r -> OverloadCheck.counted(r) && OverloadCheck.behind(r)).count();
            long fallback = ok.stream().map(OverloadLine::rateBasis).filter(b -> b != null && !b.saturation()).count();
            doc.p(TEXT.fill("shed").with("multiple", multiple).with("shed", there[0]).with("rows", there[1])
                    .with("aboveShed", above[0]).with("aboveRows", above[1]).text()
                    + (above[0] == above[1] ? TEXT.get("shed.all") : TEXT.get("shed.some"))
                    + (behind > 0 ? " " + TEXT.fill("behind").with("behind", behind).text() : "")
                    + (fallback > 0 ? " " + TEXT.fill("fallback").with("fallback", fallback).with("rows", ok.size()).text() : "")
                    + " " + TEXT.fill("every-row").with("link", doc.link(APPENDIX, TEXT.get("every-row.link"))).text());
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
            doc.p(TEXT.fill("not-measured").with("rows", notRun.size()).text());
        }
    }

    @Override
    public List<String> verdicts(RunData run) {
        List<OverloadLine> ok;
        try {
            ok = ok(OverloadCsv.read(run.holder(OverloadCsv.FILE)));
        } catch (IOException e) {
            return List.of(TEXT.fill("unreadable").with("why", String.valueOf(e.getMessage())).text());
        }
        if (ok.isEmpty()) {
            return List.of();
        }
        long over = ok.stream().filter(OverloadLine::oversubscribed).count();
        return List.of(TEXT.fill("verdict").with("rows", ok.size()).text() + (over > 0
                ? TEXT.fill("verdict.oversubscribed").with("over", over).text() : TEXT.get("verdict.within")));
    }
}
