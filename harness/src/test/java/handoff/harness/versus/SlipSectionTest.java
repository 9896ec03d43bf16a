package handoff.harness.versus;

import handoff.harness.page.ReportParts;
import handoff.harness.report.ReportWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slip's section on a made-up run: what it is with its constants and source, the triple's three ratios with their
 * verdicts, and its RTT latency cost computed from the rows (never typed), and nothing where the run has no slip rows.
 */
class SlipSectionTest {
    static final String MANIFEST = """
            {"run_id": "20990101-000000-test", "status": "complete", "git_commit": "abc", "git_dirty": false,
             "command_line": "./run-bench.sh", "profile": "quick", "machine": {"cores": 2, "cpu_model": "Test CPU"}}
            """;
    static final String RATIOS = "benchmark,wait,sides,ratio,ratio_lo,ratio_hi,interval_level,pairs,p,p_holm,test,verdict,differs,"
            + "status,oversubscribed\n"
            + "unicast_1p1c,yield,disruptor÷lmax,1.9,1.6,2.2,0.98,8,0.0078,0.0078,exact Wilcoxon signed-rank,ours faster (p = 0.0078),true,ok,false\n"
            + "unicast_1p1c,yield,disruptor-noslip÷lmax,0.85,0.7,1.1,0.98,8,0.3,0.3,exact Wilcoxon signed-rank,no significant difference (p = 0.3),false,ok,false\n"
            + "unicast_1p1c,yield,disruptor÷disruptor-noslip,2.3,2.0,2.6,0.98,8,0.0078,0.0078,exact Wilcoxon signed-rank,ours faster (p = 0.0078),true,ok,false\n"
            + "unicast_1p1c_unpadded,yield,unpadded÷padded,0.5,0.4,0.6,0.98,6,0.03,0.03,exact Wilcoxon signed-rank,padded faster (p = 0.03),true,ok,false\n";
    static final String RTT = "transport,producers,burst,wait,producer_model,messages,p50_ns,p99_ns,p50_ns_forks,p99_ns_forks,status,"
            + "forks,p50_fork_median_ns,p50_lo_ns,p50_hi_ns,interval_level,unstable,oversubscribed\n"
            + "disruptor,1,100,spin,sp,pooled,781,1242,811;771;781;790;779,1322;1232;1242;1250;1240,ok,5,781,771,811,0.94,false,false\n"
            + "disruptor,1,100,spin,mp,pooled,1782,2795,1803;1782;1722,2303;2795;2825,ok,3,1782,1722,1803,0.75,false,false\n"
            + "disruptor-noslip,1,100,spin,sp,pooled,600,1100,610;600;590;605;598,1100;1120;1090;1100;1105,ok,5,600,590,610,0.94,false,false\n";

    @TempDir
    Path tmp;

    @Test
    void saysWhatTheSlipIsAndReadsItsCostFromTheRows() throws IOException {
        Path run = run(RATIOS, RTT);
        String md = report(run);
        assertThat(md).contains("## Temporal slipping: where our consumer differs from LMAX's")
                .contains("fewer than 64 events").contains("300 ns").contains("FastForward").contains("PPoPP 2008")
                .contains("5.5–9 events per batch");
        assertThat(md).contains("| unicast_1p1c | yield | slip off ÷ LMAX (the ring alone) | 0.850 [0.700 – 1.10, 98 %] | 8 | no significant difference (p = 0.3) |")
                .contains("| unicast_1p1c | yield | ours ÷ slip off (the slip alone) | 2.30 [2.00 – 2.60, 98 %] | 8 | ours faster (p = 0.0078) |")
                .contains("| unicast_1p1c | yield | ours ÷ LMAX (ring and slip) |");
        // 781 − 600 ns, computed; the mp row has no slip-off partner and is not paired
        assertThat(md).contains("| 1 | 100 | spin |").contains("181 ns").contains("ours slower (the slip costs)");
        assertThat(md).doesNotContain("| 1 | 100 | spin | 1.78");
        assertThat(md).contains("Temporal slipping, ours ÷ slip off (the slip alone) (unicast_1p1c, yield, throughput): 2.30");
        assertThat(md).contains("The slip's latency (RTT, 1 producer, burst 100, spin, p50 over forks): ours 781 ns");
        assertThat(md).as("the false-sharing control is still its own verdict").contains("False sharing (unicast_1p1c_unpadded");
        String details = Files.readString(run.resolve("appendix-details.md"));
        assertThat(details).contains("| benchmark | wait | disruptor (ours) | disruptor, slip off | lmax 4 |")
                .contains("| unicast_1p1c | yield | 20.00 ± 1.00 M ops/s | 9.00 ± 1.00 M ops/s | 10.00 ± 1.00 M ops/s | 1.90× (8 pairs) |");
    }

    @Test
    void aRunWithoutSlipRowsHasNoSlipSection() throws IOException {
        String md = report(run(RATIOS.lines().filter(l -> !l.contains("noslip")).reduce("", (a, b) -> a + b + "\n"),
                RTT.lines().filter(l -> !l.startsWith("disruptor-noslip")).reduce("", (a, b) -> a + b + "\n")));
        assertThat(md).doesNotContain("Temporal slipping");
    }

    private Path run(String ratios, String rtt) throws IOException {
        Path run = tmp.resolve("run");
        Files.createDirectories(run);
        Files.writeString(run.resolve("manifest.json"), MANIFEST);
        Files.writeString(run.resolve(VersusParts.FILE), ratios);
        Files.writeString(run.resolve("rtt.csv"), rtt);
        Files.writeString(run.resolve(VersusCsv.SCORES), "benchmark,impl,wait,score,score_err,unit,alloc_bytes_per_op,status\n"
                + "unicast_1p1c,disruptor,yield,2e7,1e6,ops/s,0,ok\n"
                + "unicast_1p1c,disruptor-noslip,yield,9e6,1e6,ops/s,0,ok\n"
                + "unicast_1p1c,lmax,yield,1e7,1e6,ops/s,0,ok\n");
        return run;
    }

    private static String report(Path run) throws IOException {
        StringWriter sink = new StringWriter();
        int exit = ReportWriter.generate(run, run.resolve("REPORT.md"), false, Path.of("plots"), List.<ReportParts>of(new VersusParts()),
                "test", new PrintWriter(sink), new PrintWriter(sink));
        assertThat(exit).as(sink.toString()).isZero();
        return Files.readString(run.resolve("REPORT.md"));
    }
}
