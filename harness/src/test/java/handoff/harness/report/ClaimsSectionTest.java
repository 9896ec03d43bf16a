package handoff.harness.report;

import handoff.harness.page.Page;
import handoff.harness.page.RunData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The sources' claims from hand-made rows: each verdict follows the numbers, and a claim without rows says why. */
class ClaimsSectionTest {
    @TempDir
    Path run;

    private static String rtt(String transport, String wait, double p50, String forks, double cpu) {
        return String.join(",", transport, "1", "1", wait, "", Double.toString(p50), forks, Double.toString(cpu), "ok", "4") + "\n";
    }

    @Test
    void theLadderTheFalseSharingControlAndWhatThisBoxCannotRun() throws Exception {
        StringBuilder r = new StringBuilder("transport,producers,burst,wait,producer_model,p50_ns,p50_ns_forks,cpu_ns_per_op,status,forks\n");
        // ordered rungs; spin separated from block in every fork
        for (String t : new String[] {"abq", "mtoca"}) {
            r.append(rtt(t, "spin", 200, "190;200;210;205", 400));
            r.append(rtt(t, "yield", 300, "290;300;310;305", 900));
            r.append(rtt(t, "park", 5000, "4900;5000;5100;5050", 3000));
            r.append(rtt(t, "block", 9000, "8900;9000;9100;9050", 15000));
        }
        Files.writeString(run.resolve("rtt.csv"), r);
        Files.writeString(run.resolve("disruptor-ratio.csv"), """
                benchmark,wait,sides,ratio,ratio_lo,ratio_hi,interval_level,pairs,p,p_holm,test,verdict,differs,bimodal,status,oversubscribed,unstable
                unicast_1p1c_unpadded,yield,unpadded÷padded,0.5,0.45,0.55,0.96,6,0.03,0.03,exact Wilcoxon signed-rank,padded faster (p = 0.031),true,,ok,false,false
                """);
        Files.writeString(run.resolve("disruptor-falseshare.csv"), """
                benchmark,impl,wait,score,status
                unicast_1p1c_unpadded,unpadded,yield,10000000,ok
                unicast_1p1c_unpadded,padded,yield,20000000,ok
                """);
        Page doc = new Page(RunData.load(run), run.resolve("REPORT.md"), Map.of());

        new ClaimsSection().write(doc);

        String md = doc.text();
        assertThat(md).contains("The sources' claims, judged by this run");
        // 4 vs 4 forks reach p = 2/70 alone, not under Holm over 2 transports: the order holds but no pair resolves
        assertThat(md).contains("medians in ladder order for 2 of 2 transports", "**cannot tell here**", "spin 400 ns");
        // 100 ns per event against 50 ns: a 50 ns penalty, inside 40-100 ns, and the paired test separates them
        assertThat(md).contains("**agrees** (50 ns per event)");
        assertThat(md).contains("no abq row at P = 3", "batch publishing runs in the full profile");
    }

    @Test
    void aPenaltyOutsideTheBandDisagreesAndSaysByHowMuch() throws Exception {
        Files.writeString(run.resolve("disruptor-ratio.csv"), """
                benchmark,wait,sides,ratio,ratio_lo,ratio_hi,interval_level,pairs,p,p_holm,test,verdict,differs,bimodal,status,oversubscribed,unstable
                unicast_1p1c_unpadded,yield,unpadded÷padded,0.9,0.85,0.95,0.96,6,0.03,0.03,exact Wilcoxon signed-rank,padded faster (p = 0.031),true,,ok,false,false
                """);
        Files.writeString(run.resolve("disruptor-falseshare.csv"), """
                benchmark,impl,wait,score,status
                unicast_1p1c_unpadded,unpadded,yield,90000000,ok
                unicast_1p1c_unpadded,padded,yield,100000000,ok
                """);
        Page doc = new Page(RunData.load(run), run.resolve("REPORT.md"), Map.of());
        new ClaimsSection().write(doc);
        assertThat(doc.text()).contains("**disagrees**: 1.1 ns per event, below 40–100 ns");
    }
}
