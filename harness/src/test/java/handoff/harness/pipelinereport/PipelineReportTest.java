package handoff.harness.pipelinereport;

import handoff.harness.page.ReportParts;
import handoff.harness.report.ReportWriter;
import handoff.harness.versus.VersusParts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report side of the pipeline, unicast and versus parts on made-up run folders, without gnuplot: a transport
 * that exists only in the manifest's traits shows up in the decision table and in figure data; a winner is named
 * only where the exact tests separate it from every other row (Holm); each figure's include defines every variable its script reads.
 */
class PipelineReportTest {
    static final String MANIFEST = """
            {"run_id": "20990101-000000-test", "status": "complete", "git_commit": "abc", "git_dirty": false,
             "command_line": "./run-bench.sh", "profile": "quick", "machine": {"cores": 2, "cpu_model": "Test CPU"},
             "transport_traits": [
               {"id": "abq", "order": 0, "family": "queue", "preallocated": false, "max_workers_per_hop": 1},
               {"id": "zzq", "order": 1, "family": "ring", "preallocated": true, "max_workers_per_hop": 1},
               {"id": "lmax", "order": 2, "family": "ring", "preallocated": true, "max_workers_per_hop": 1}]}
            """;
    static final String PIPELINE_HEAD = "transport,producers,wait,work,workers,throughput_eps,throughput_lo_eps,throughput_hi_eps,"
            + "interval_level,forks,throughput_min_eps,throughput_max_eps,alloc_bytes_per_event,gc_count,gc_time_ms,cpu_ns_per_event,"
            + "status,oversubscribed,unstable,threads,cpus,throughput_eps_forks\n";
    static final String LATENCY_HEAD = "transport,producers,wait,work,rate_basis,load_pct,offered_eps,achieved_eps,p50_ns,p99_ns,"
            + "p50_lo_ns,p50_hi_ns,p99_lo_ns,p99_hi_ns,interval_level,forks,backlog_growth_eps,overloaded,idle_cpus,status,oversubscribed,"
            + "p99_ns_forks\n";

    @TempDir
    Path tmp;

    private Path run(String pipeline, String latency, String extraName, String extra) throws IOException {
        Path run = tmp.resolve("run");
        Files.createDirectories(run);
        Files.writeString(run.resolve("manifest.json"), MANIFEST);
        Files.writeString(run.resolve("pipeline.csv"), PIPELINE_HEAD + pipeline);
        if (latency != null) {
            Files.writeString(run.resolve("pipeline-latency.csv"), LATENCY_HEAD + latency);
        }
        if (extraName != null) {
            Files.writeString(run.resolve(extraName), extra);
        }
        return run;
    }

    private String report(Path run, List<ReportParts> parts) throws IOException {
        StringWriter sink = new StringWriter();
        int exit = ReportWriter.generate(run, run.resolve("REPORT.md"), false, Path.of("plots"), parts, "test", new PrintWriter(sink),
                new PrintWriter(sink));
        assertThat(exit).as(sink.toString()).isZero();
        return Files.readString(run.resolve("REPORT.md"));
    }

    /** A row of 6 forks spread evenly over lo..hi (their per-fork values in throughput_eps_forks). */
    private static String row(String t, String wait, double c, double lo, double hi) {
        return t + ",1," + wait + ",1,1," + c + "," + lo + "," + hi + ",0.97,6," + lo + "," + hi + ",200,0,0,500,ok,false,false,5,8,"
                + spread(lo, hi) + "\n";
    }

    static String spread(double lo, double hi) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            b.append(i == 0 ? "" : ";").append(lo + (hi - lo) * i / 5);
        }
        return b.toString();
    }

    @Test
    void madeUpTransportFromTheManifestAppearsInTableAndFigureData() throws IOException {
        Path run = run(row("abq", "park", 1e6, 0.9e6, 1.1e6) + row("zzq", "park", 5e6, 4.8e6, 5.2e6),
                "abq,1,park,1,common,50,5e5,5e5,1000,9000,900,1100,8000,10000,0.97,6,0,false,0.9,ok,false," + spread(8000, 10000) + "\n"
                        + "zzq,1,park,1,common,50,5e5,5e5,400,2000,380,420,1900,2100,0.97,6,0,false,0.01,ok,false," + spread(1900, 2100) + "\n",
                null, null);
        String md = report(run, List.of(new PipelineReport()));
        // the idle policy column is empty: a transport the registry does not know has no policy to name
        assertThat(md).contains("| zzq/park |   | ring, preallocated | 5.00 M/s [4.80 M/s – 5.20 M/s, 97 %]");
        assertThat(md).contains("Saturation throughput, each row against the best (multiple comparisons with the best (Hsu): one-sided "
                + "paired t on per-round log-ratios (Welch where rounds are not shared) at α/(k − 1) = 0.05, k = 2 rows, family-wise α = 0.05): "
                + "highest is **zzq/park**: every other row is shown not to be the highest");
        assertThat(md).contains("p99 at equal load, each row against the lowest: lowest is **zzq/park**: every other row is shown not to be the lowest");
        assertThat(md).contains("it idles often");
        Path data = run.resolve("plots/data");
        assertThat(Files.readString(data.resolve("pipeline-throughput-p1.gp"))).contains("zzq/park");
        String dat = Files.readString(data.resolve("pipeline-throughput-p1.dat"));
        assertThat(dat).contains("2 5000000 4800000 5200000");
        assertThat(Files.readString(data.resolve("figures.list"))).contains("intervals pipeline-throughput-p1")
                .contains("intervals pipeline-latency-p1-common50");
    }

    /**
     * A saturated latency row (its backlog reached its bound) measures the buffer: its latency shows as buffer-bound,
     * it never ranks, however low its p99, and the verdicts count it out; so does a not-steady one.
     */
    @Test
    void saturatedAndNotSteadyRowsNeverRank() throws IOException {
        String head = LATENCY_HEAD.replace(",status,", ",saturated,saturated_forks,steady,steady_forks,status,");
        String latency = "abq,1,park,1,common,50,5e5,5e5,1000,9000,900,1100,8000,10000,0.75,3,0,false,0.9,false,0/3,steady,3/3,ok,false\n"
                + "zzq,1,park,1,common,50,5e5,5e5,400,2000,380,420,1900,2100,0.75,3,0,false,0.01,true,1/3,steady,3/3,ok,false\n"
                + "lmax,1,park,1,common,50,5e5,5e5,300,1500,280,320,1400,1600,0.75,3,0,false,0.01,false,0/3,not-steady,1/3,ok,false\n";
        Path run = run(row("abq", "park", 1e6, 0.9e6, 1.1e6) + row("zzq", "park", 5e6, 4.8e6, 5.2e6)
                + row("lmax", "park", 5e6, 4.8e6, 5.2e6), null, "pipeline-latency.csv", head + latency);
        String md = report(run, List.of(new PipelineReport()));
        assertThat(md).contains("buffer-bound (").contains("**saturated** (latency 1/3 forks)")
                .contains("**not-steady** (1/3 steady)")
                .doesNotContain("Lowest p99 at equal load: **zzq/park**").doesNotContain("Lowest p99 at equal load: **lmax/park**")
                .contains("2 of 3 latency rows do not rank (zzq/park: saturated, lmax/park: not-steady)")
                .contains("2 of 3 rows fell out of every ranking: 1 saturated");
    }

    @Test
    void roundsAsBlocksSeparateRowsWhoseIntervalsOverlap() throws IOException {
        Path run = run(row("abq", "park", 1.0e6, 0.8e6, 1.3e6) + row("zzq", "park", 1.1e6, 0.9e6, 1.4e6)
                + row("lmax", "park", 0.5e6, 0.45e6, 0.55e6), null, null, null);
        String md = report(run, List.of(new PipelineReport()));
        // abq's and zzq's spreads overlap, but every round has zzq 10 % above abq: the paired test on per-round log-ratios
        // (rounds as blocks) separates them where an unpaired comparison of intervals could not
        assertThat(md).contains("highest is **zzq/park**: every other row is shown not to be the highest")
                .contains("at α/(k − 1) = 0.025, k = 3 rows").contains("higher: zzq/park 1.10×; lower: lmax/park 0.48×");
        assertThat(md).containsPattern("\\| lmax/park \\|[^|]*\\| ring, preallocated \\| 500 k/s \\[450 k/s – 550 k/s, 97 %\\] \\(not best\\)");
    }

    @Test
    void oneForkIsNeverAWinner() throws IOException {
        Path run = run("abq,1,park,1,1,1e6,,,,1,1e6,1e6,200,0,0,500,ok,false,unknown,5,8\n"
                + "zzq,1,park,1,1,9e6,,,,1,9e6,9e6,200,0,0,500,ok,false,unknown,5,8\n", null, null, null);
        String md = report(run, List.of(new PipelineReport()));
        assertThat(md).contains("untested: a row has one fork (a test needs at least two forks a side); no row is named highest").contains("1 fork")
                .doesNotContain("highest is **");
    }

    @Test
    void disruptorRatioFigureShowsTheSuitesVerdictsAndNeverJudgesOversubscribedRows() throws IOException {
        Path run = run(row("abq", "park", 1e6, 0.9e6, 1.1e6), null, "disruptor-ratio.csv",
                "benchmark,wait,ratio,ratio_lo,ratio_hi,interval_level,pairs,p,p_holm,test,verdict,differs,status,oversubscribed\n"
                        + "unicast_1p1c,spin,1.8,1.5,2.1,0.98,8,0.0078,0.0156,exact Wilcoxon signed-rank,ours faster (p = 0.0156),true,ok,false\n"
                        + "sequencer_3p1c,spin,0.95,0.8,1.1,0.98,8,0.4,0.4,exact Wilcoxon signed-rank,no significant difference (p = 0.4),false,ok,false\n"
                        + "pipeline_1p3c,park,0.9,0.6,1.3,0.98,3,0.5,,exact Wilcoxon signed-rank,not judged: more threads than CPUs,false,ok,true\n");
        String md = report(run, List.of(new PipelineReport(), new VersusParts()));
        assertThat(md).contains("Ours vs LMAX: 1 of 2 judged topology × wait ratios differ from 1 (paired t-test on interleaved pairs' log-ratios")
                .contains("1 oversubscribed row is shown, not judged");
        String table = Files.readString(run.resolve("appendix-figures.md"));
        assertThat(table).contains("| unicast_1p1c | spin | 1.80 [1.50 – 2.10, 98 %] | 8 | ours faster (p = 0.0156) |")
                .contains("| pipeline_1p3c | park | 0.900 [0.600 – 1.30, 98 %] | 3 | not judged: more threads than CPUs | **oversubscribed** |");
        String dat = Files.readString(run.resolve("plots/data/disruptor-ratio.dat"));
        assertThat(dat).contains("n.s.").contains("not judged");
    }

    /** Issue 40: the decision table's queues take one event per poll; their batch rows sit right below it, tested. */
    @Test
    void batchConsumingQueueRowsSitBelowTheDecisionTableBesideTheRings() throws IOException {
        String variants = "transport,producers,wait,work,workers,consume,buffering,buffer_events,throughput_eps,throughput_lo_eps,"
                + "throughput_hi_eps,interval_level,forks,throughput_eps_forks,mean_batch,status,oversubscribed,unstable,threads,cpus\n"
                + "abq,1,park,1,1,batch,per-hop,3072,6e6,5.9e6,6.1e6,0.97,6," + spread(5.9e6, 6.1e6) + ",71.4,ok,false,false,5,8\n"
                + "abq,1,park,1,1,one,total,1023,3.2e6,3.1e6,3.3e6,0.97,6," + spread(3.1e6, 3.3e6) + ",1,ok,false,false,5,8\n";
        Path run = run(row("abq", "park", 1e6, 0.9e6, 1.1e6) + row("zzq", "park", 4e6, 3.9e6, 4.1e6), null,
                "pipeline-variants.csv", variants);
        String md = report(run, List.of(new PipelineReport()));
        assertThat(md).contains("### Like for like: queues consume one event at a time in the decision table, rings in batches")
                .contains("Rings at the same wait and producers (batch, one buffer in all): zzq/park 4.00 M/s")
                .contains("| abq/park | 1 | every waiting event per poll | per-hop (3072) | 6.00 M/s")
                .contains("| abq/park | 1 | one event per poll | total (1023) | 3.20 M/s");
        assertThat(md.indexOf("### Like for like")).isGreaterThan(md.indexOf("Decision table"));
        assertThat(md).containsPattern("every waiting event per poll \\| per-hop \\(3072\\) \\| [^|]+\\| 71\\.4 \\| higher \\(p = ");
        Files.delete(run.resolve("pipeline-variants.csv"));
        assertThat(report(run, List.of(new PipelineReport()))).doesNotContain("### Like for like");
        Files.writeString(run.resolve("pipeline.csv"), PIPELINE_HEAD.replace("\n", ",consume\n")
                + row("abq", "park", 1e6, 0.9e6, 1.1e6).replace("\n", ",one\n") + row("zzq", "park", 4e6, 3.9e6, 4.1e6).replace("\n", ",batch\n"));
        assertThat(report(run, List.of(new PipelineReport())))
                .contains("this run measured no queue consuming in batches (`pipeline-variants.csv`), so the table compares the two consumer modes");
    }

    /** Every variable plots/intervals.gp reads from a figure's include is defined there: no gnuplot needed. */
    @Test
    void intervalIncludeDefinesWhatTheScriptReads() throws IOException {
        Path run = run(row("abq", "park", 1e6, 0.9e6, 1.1e6), null, null, null);
        report(run, List.of(new PipelineReport()));
        Path script = Path.of("..", "plots", "intervals.gp");
        if (!Files.isRegularFile(script)) {
            script = Path.of("plots", "intervals.gp");
        }
        String gp = Files.readString(script);
        String include = Files.readString(run.resolve("plots/data/pipeline-throughput-p1.gp"));
        for (String v : List.of("fig_title", "fig_note", "fig_w", "fig_h", "xlabel", "xlog", "xmin", "xmax", "has_ref", "ref_x",
                "has_band", "band_lo", "band_hi", "n_rows", "n_series", "s_title", "row_label")) {
            assertThat(gp).as("script reads " + v).contains(v);
            assertThat(include).as("include defines " + v).containsPattern("(?m)^" + v + "(\\[\\d+\\])? *=|^array " + v + "\\[");
        }
        Matcher m = Pattern.compile("(?m)^(\\S+) (\\S+) (\\S+) (\\S+) (\\d+) \"").matcher(Files.readString(run.resolve("plots/data/pipeline-throughput-p1.dat")));
        assertThat(m.find()).as("data line: row centre lo hi colour \"mark\"").isTrue();
    }
}
