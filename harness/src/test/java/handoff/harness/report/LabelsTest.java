package handoff.harness.report;

import handoff.harness.cli.ReportCommand;
import handoff.harness.page.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 40, item 7: every caption, column header and count the {@link LabelCheck} rules know says what the number
 * under it is. The committed run folders are re-rendered by this code and checked; the same rules, given the old
 * labels over data like the reference run's, must fail, or the check could not catch anything.
 */
class LabelsTest {
    @TempDir
    Path tmp;

    /** The repository's results/ (surefire runs in harness/). */
    private static Path results() {
        return handoff.harness.results.ResultsReadme.folder();
    }

    @Test
    void everyCommittedRunRendersWithTrueLabels() throws IOException {
        List<Path> runs;
        try (Stream<Path> s = Files.list(results())) {
            runs = s.filter(p -> Files.isRegularFile(p.resolve("manifest.json"))).sorted().toList();
        }
        assertThat(runs).as("committed run folders under results/").isNotEmpty();
        List<String> all = new ArrayList<>();
        for (Path run : runs) {
            Path copy = copy(run, tmp.resolve(run.getFileName().toString()));
            int exit = Fixtures.quiet(new ReportCommand()).execute(copy.toString(), "--no-plots");
            assertThat(exit).as("report of " + run.getFileName()).isZero();
            LabelCheck.of(copy).violations().forEach(v -> all.add(run.getFileName() + ": " + v));
        }
        assertThat(all).isEmpty();
    }

    @Test
    void theRulesCatchTheOldLabels() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("old"));
        // the shape of the reference run 20261125-003625-f7339ad, cut to the columns the rules read
        Files.writeString(run.resolve("pipeline-latency.csv"), """
                transport,producers,wait,work,rate_basis,load_pct,offered_eps,p99_ns,p99_ns_forks,status
                abq,1,park,1,common,10,16817.9,3870000,3870000;3000000;4000000,ok
                """);
        Files.writeString(run.resolve("jitter.csv"), """
                suite,trial_key,jitter_samples,jitter_p99_ns,jitter_max_ns
                rtt,rtt_abq_p1_b1_spin_f0,43,3180000,3180000
                latency,latency_abq_f0,40,166000,166000
                """);
        Files.writeString(run.resolve("spikes.csv"), """
                suite,trial_key,max_ns
                rtt,rtt_abq_p1_b1_spin_f0,4000000
                """);
        StringBuilder overload = new StringBuilder("transport,wait,policy,load_pct,rejected,discarded,status\n");
        for (String t : List.of("abq", "lbq")) {
            for (String p : List.of("block", "timeout", "drop-new", "drop-old")) {
                overload.append(t).append(",park,").append(p).append(",150,0,0,ok\n");
            }
        }
        overload.append("clq,park,unbounded,150,0,0,ok\n");
        Files.writeString(run.resolve("overload.csv"), overload);
        Files.writeString(run.resolve("echo.csv"), """
                variant,transport,mode,status
                inline,inline,closed,ok
                transport,abq,closed,ok
                transport,lbq,closed,ok
                """);
        StringBuilder rtt = new StringBuilder("transport,producers,burst,wait,producer_model,unstable,status\n");
        for (String t : List.of("abq", "lbq", "null")) {
            for (String w : List.of("spin", "yield", "park", "block")) {
                rtt.append(t).append(",1,1,").append(w).append(",,false,ok\n");
            }
        }
        rtt.append("baseline,1,100,spin,,true,ok\n");
        Files.writeString(run.resolve("rtt.csv"), rtt);
        // the old text, verbatim from the reference run's REPORT.md and appendices before issue 40
        String old = String.join("\n",
                "after a warm-up that ran until its interval log was steady. Percentiles of the merged histogram; bars = interval",
                "#### Pipeline end-to-end latency distribution (open loop), P=1, work=1, offered load 10% of saturation",
                "Rates are fractions of the slowest configuration's measured saturation (one absolute rate for every transport)",
                "| abq/park | < 16.8 k/s (probes: 168 k/s) | 230 B |",
                "| transport/wait | idle policy | family | saturation [interval] | p50 @ 84.1 k/s | p99 @ 84.1 k/s | capacity at p99 ≤ 1.00 ms | bytes/event | CPU/event | idle CPUs |",
                "Its wake-ups were late by a median p50 of 70.3 µs and a median p99 of 3.18 ms. Each configuration's p99 beside the jitter p99 of its own trials",
                "777 measurement intervals (of every latency trial) had a max above 10× their trial's p99 (a spike)",
                "At 1.50× each configuration's rate basis, 2 of 9 transport × policy rows rejected any event.",
                "- UDP echo: 1 of 3 closed-loop rows ran within the CPUs; the others share CPUs",
                "- **Finding about the baseline:** at P=1 its median RTT is above the median of lmax/spin at burst 100 (610 ns vs 621 ns)",
                "| D: the wait ladder | RTT p50 medians in ladder order for 2 of 3 transports with all four rungs |");
        String published = String.join("\n",
                "| A2-abq-baseline-mean | abq ÷ baseline RTT mean, P=1, burst 100 | 42.1× | 43.5× (spin, 1P) | 1.03× | within 2.00× | **unstable** |   |",
                "| D1-p50 | lbq ÷ disruptor publish-call latency p50, most producers | 24.2× | 1.24× (park, 1P) | 0.0513× | same direction, 19.5× smaller | **oversubscribed** | |");
        List<String> v = new LabelCheck(run, old + "\n" + published, published).violations();
        assertThat(v).anyMatch(s -> s.startsWith("latency caption"))
                .anyMatch(s -> s.startsWith("load label \"offered load 10% of saturation\""))
                .anyMatch(s -> s.startsWith("load label \"fractions of the slowest configuration's measured saturation\""))
                .anyMatch(s -> s.startsWith("capacity cell"))
                .anyMatch(s -> s.startsWith("decision table header \"CPU/event\""))
                .anyMatch(s -> s.startsWith("\"jitter p99\" over trials of 43"))
                .anyMatch(s -> s.startsWith("spikes said"))
                .anyMatch(s -> s.startsWith("overload count") && s.contains("6 rows at 150 % are of policies that can reject"))
                .anyMatch(s -> s.startsWith("echo count") && s.contains("2 have a hand-off"))
                .anyMatch(s -> s.startsWith("published comparison judges against a fixed tolerance"))
                .anyMatch(s -> s.startsWith("published row D1-p50 is flagged"))
                .anyMatch(s -> s.startsWith("overload rows above 1×"))
                .anyMatch(s -> s.startsWith("wait ladder") && s.contains("2 are not controls"))
                .anyMatch(s -> s.startsWith("finding about the baseline rests on its unstable row at burst 100"));
        // and the new words over the same data pass
        String now = String.join("\n",
                "Each percentile is the median over forks of that fork's percentile (not a percentile of the merged histogram)",
                "offered 16.8 k/s to every configuration (10 % of the slowest configuration's sustainable open-loop rate)",
                "| abq/park | none shown: p99 > 1.00 ms at 16.8 k/s (full rows), ≤ at 168 k/s (short probes) |",
                "| transport/wait | idle policy | bytes/event at saturation | CPU/event at saturation | idle CPUs |",
                "a median jitter max of 3.18 ms",
                "777 measurement intervals had a max above 10× their trial's p99 (a spike; rtt: 777 of 959 intervals of 195 trials)",
                "At 1.50× each configuration's rate basis, 0 of 6 rows of a policy that can shed rejected or discarded any event",
                "| transport | policy | load | offered (achieved) | overloaded? | goodput |",
                "- UDP echo: 0 of 2 closed-loop rows with a hand-off ran within the CPUs",
                "- Baseline: no finding where a row or the baseline's is unstable",
                "| D: the wait ladder | RTT p50 medians in ladder order for 1 of 2 transports with all four rungs (controls excluded) |");
        String nowPublished = "| D1-p50 | lbq ÷ disruptor | 24.2× | 1.24× | 0.0513× | not judged: a measured side is flagged | **oversubscribed** | |";
        assertThat(new LabelCheck(run, now + "\n" + nowPublished, nowPublished).violations()).isEmpty();
    }

    /** A rule whose sentence is reworded out of reach fails where the run's files call for the sentence, never passes silently. */
    @Test
    void aRuleWhoseSentenceIsMissingFails() throws IOException {
        Path run = Files.createDirectories(tmp.resolve("reworded"));
        Files.writeString(run.resolve("overload.csv"), "transport,wait,policy,load_pct,rejected,discarded,status\nabq,park,drop-new,150,0,0,ok\n");
        Files.writeString(run.resolve("echo.csv"), "variant,transport,mode,status\ntransport,abq,closed,ok\n");
        StringBuilder rtt = new StringBuilder("transport,producers,burst,wait,producer_model,unstable,p50_ns,status\n");
        for (String w : List.of("spin", "yield", "park", "block")) {
            rtt.append("abq,1,1,").append(w).append(",,false,900,ok\n");
        }
        rtt.append("baseline,1,1,spin,,false,1000,ok\n");
        Files.writeString(run.resolve("rtt.csv"), rtt);
        List<String> v = new LabelCheck(run, "a report that words every sentence differently", "").violations();
        assertThat(v).hasSize(4)
                .anyMatch(s -> s.startsWith("overload count sentence") && s.contains("not found"))
                .anyMatch(s -> s.startsWith("echo count sentence") && s.contains("not found"))
                .anyMatch(s -> s.startsWith("wait ladder sentence") && s.contains("1 transports have all four rungs"))
                .anyMatch(s -> s.startsWith("baseline sentence") && s.contains("abq/spin at burst 1"));
        // with no such rows in the run, no sentence is called for
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThat(new LabelCheck(empty, "a report", "").violations()).isEmpty();
    }

    private static Path copy(Path src, Path dst) throws IOException {
        return Fixtures.copyTree(src, dst);
    }
}
