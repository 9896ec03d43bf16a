package handoff.harness.echo;

import handoff.harness.results.AtomicFiles;
import handoff.harness.results.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The report part from a written echo.csv: the table, verdicts computed from the rows, the figure's data and script. */
class EchoReportTest {
    @TempDir
    Path run;

    /** A closed-loop ok row with 8 forks: p50 and p99 centres, each fork within ±10 % (the same factor for both). */
    /** The example's headline (rings beat the blocking server) and its CPU band, each able to agree and disagree. */
    @Test
    void serverClaimsFollowTheNumbers() {
        List<Map<String, String>> rows = base();
        rows.add(row("blocking", "blocking", "block", 1, 60_000, 90_000)); // rings' 40 us separated below it
        EchoObservations.Observation beat = EchoServerClaims.ringsBeatBlocking(EchoLine.of(rows));
        assertThat(beat.verdict()).isEqualTo(EchoObservations.AGREE);
        assertThat(beat.evidence()).contains("faster (p = ").contains("paired t on per-round log-ratios, 8 pairs");
        rows.set(rows.size() - 1, row("blocking", "blocking", "block", 1, 20_000, 30_000));
        assertThat(EchoServerClaims.ringsBeatBlocking(EchoLine.of(rows)).verdict()).isEqualTo(EchoObservations.DISAGREE);
        rows.remove(rows.size() - 1);
        assertThat(EchoServerClaims.ringsBeatBlocking(EchoLine.of(rows)).verdict()).as("no blocking row").isEqualTo(EchoObservations.CANNOT_TELL);

        Map<String, String> ring = rows.get(2); // rings disruptor/park N=1
        ring.put("cpus", "2");
        ring.put("cpu_pct", "10");
        ring.put("cpu_pct_forks", "9;10;11");
        ring.put("idle_cpu_pct", "1");
        EchoObservations.Observation cpu = EchoServerClaims.cpuPerCore(EchoLine.of(rows));
        assertThat(cpu.verdict()).as("4.5-5.5 % per core on 2 CPUs").isEqualTo(EchoObservations.AGREE);
        assertThat(cpu.evidence()).contains("serving 5.0 %").contains("idle 0.5 %");
        ring.put("cpu_pct_forks", "30;40;50");
        assertThat(EchoServerClaims.cpuPerCore(EchoLine.of(rows)).verdict()).isEqualTo(EchoObservations.DISAGREE);
        ring.put("cpu_pct_forks", "9;40;50");
        assertThat(EchoServerClaims.cpuPerCore(EchoLine.of(rows)).verdict()).as("forks on both sides of the band").isEqualTo(EchoObservations.CANNOT_TELL);
    }

    /** The row with its forks in the opposite round order: as many forks above as below, round by round. */
    private static Map<String, String> reversed(Map<String, String> r) {
        for (String c : List.of("p50_ns_forks", "p99_ns_forks")) {
            List<String> v = new java.util.ArrayList<>(List.of(r.get(c).split(";")));
            java.util.Collections.reverse(v);
            r.put(c, String.join(";", v));
        }
        return r;
    }

    private static Map<String, String> row(String variant, String transport, String wait, int n, long p50, long p99) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("variant", variant);
        r.put("transport", transport);
        r.put("wait", wait);
        r.put("mode", "closed");
        r.put("clients", Integer.toString(n));
        r.put("load_pct", "");
        r.put("throughput_rps", "10000");
        r.put("p50_ns", Long.toString(p50));
        r.put("p50_lo_ns", Long.toString(p50 * 9 / 10));
        r.put("p50_hi_ns", Long.toString(p50 * 11 / 10));
        r.put("interval_level", "0.75");
        r.put("p99_ns", Long.toString(p99));
        r.put("p99_lo_ns", Long.toString(p99 * 9 / 10));
        r.put("p99_hi_ns", Long.toString(p99 * 11 / 10));
        r.put("p999_ns", Long.toString(p99 * 2));
        r.put("max_ns", Long.toString(p99 * 5));
        r.put("cpu_ns_per_request", "20000");
        r.put("lost", "0");
        r.put("status", "ok");
        r.put("oversubscribed", Boolean.toString(n > 1));
        r.put("unstable", "false");
        r.put("forks", "8");
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            double f = 0.9 + 0.2 * i / 7;
            a.append(i == 0 ? "" : ";").append(Math.round(p50 * f));
            b.append(i == 0 ? "" : ";").append(Math.round(p99 * f));
        }
        r.put("p50_ns_forks", a.toString());
        r.put("p99_ns_forks", b.toString());
        return r;
    }

    private List<EchoLine> write(List<Map<String, String>> rows) throws Exception {
        AtomicFiles.write(run.resolve(EchoCsv.FILE), CsvFormat.render(EchoCsv.TABLE.header(), rows));
        return EchoCsv.lines(run);
    }

    private static List<Map<String, String>> base() {
        List<Map<String, String>> rows = new ArrayList<>();
        rows.add(row("inline", "inline", "n/a", 1, 30_000, 50_000));
        rows.add(row("inline", "inline", "n/a", 4, 60_000, 200_000));
        rows.add(row("rings", "disruptor", "park", 1, 40_000, 60_000));
        rows.add(row("rings", "disruptor", "park", 4, 80_000, 150_000));
        Map<String, String> skipped = new LinkedHashMap<>(row("rings", "disruptor", "spin", 1, 0, 0));
        skipped.put("status", "skipped:7 busy-waiting threads on 2 CPUs (pass --oversubscribe to run it anyway)");
        rows.add(skipped);
        return rows;
    }

    @Test
    void theSectionHasTheTableAndVerdictsComputedFromTheRows() throws Exception {
        write(base());
        String md = EchoSection.markdown(run);
        assertThat(md).contains("| rings | disruptor | park | 4* | 80.0 [72.0–88.0] | 150 |");
        assertThat(md).contains("| inline | inline | n/a | 1 | 30.0 [27.0–33.0] | 50.0 |");
        assertThat(md).contains("skipped:7 busy-waiting threads");
        List<EchoObservations.Observation> o = EchoObservations.of(EchoCsv.lines(run));
        assertThat(o.get(0).verdict()).as("p99/p50 = 1.5 and 1.9: close").isEqualTo(EchoObservations.AGREE);
        assertThat(o.get(1).verdict()).as("no N > 4").isEqualTo(EchoObservations.CANNOT_TELL);
        assertThat(o.get(1).evidence()).contains("most clients in this run: 4").contains("disruptor/park N=4");
        assertThat(o.get(2).verdict()).as("spin skipped").isEqualTo(EchoObservations.CANNOT_TELL);
        assertThat(o.get(2).evidence()).contains("skipped:");
        assertThat(md).contains("**agree**").contains("**cannot tell here**");
    }

    @Test
    void verdictsFollowTheNumbers() throws Exception {
        List<Map<String, String>> rows = base();
        rows.removeIf(r -> r.get("wait").equals("spin"));
        rows.add(row("rings", "disruptor", "park", 8, 90_000, 900_000)); // p99 10x p50, and well above N=4's
        rows.add(row("rings", "disruptor", "spin", 1, 20_000, 30_000)); // spin separated below park's 40 us
        List<EchoObservations.Observation> o = EchoObservations.of(write(rows));
        assertThat(o.get(0).verdict()).as("N<=4 rows only: still close").isEqualTo(EchoObservations.AGREE);
        assertThat(o.get(1).verdict()).as("p99 at N=8 separated above N=4").isEqualTo(EchoObservations.AGREE);
        assertThat(o.get(2).verdict()).as("spin beat park").isEqualTo(EchoObservations.DISAGREE);

        // N=4 p99 now 11.9x p50 and above N=8's; its forks in the opposite round order (no round-by-round offset)
        rows.set(3, reversed(row("rings", "disruptor", "park", 4, 80_000, 950_000)));
        rows.set(rows.size() - 1, reversed(row("rings", "disruptor", "spin", 1, 39_000, 60_000))); // overlapping forks: not significant
        o = EchoObservations.of(write(rows));
        assertThat(o.get(0).verdict()).isEqualTo(EchoObservations.DISAGREE);
        assertThat(o.get(1).verdict()).isEqualTo(EchoObservations.CANNOT_TELL); // 900 vs 950: forks overlap
        assertThat(o.get(1).evidence()).contains("cannot tell with these forks (p = ").contains("paired t on per-round log-ratios, 8 pairs");
        assertThat(o.get(2).verdict()).isEqualTo(EchoObservations.CANNOT_TELL);
    }

    @Test
    void theFigureHasOneRowPerServerAndOneSeriesPerClientCount() throws Exception {
        write(base());
        Path data = Files.createDirectories(run.resolve("plots/data"));
        List<handoff.harness.page.Plot> plots = new EchoParts().write(handoff.harness.page.RunData.load(run), data);
        assertThat(plots).hasSize(1);
        assertThat(plots.get(0).flagged()).isTrue(); // the rings row ran oversubscribed
        String dat = Files.readString(data.resolve(EchoParts.NAME + ".dat"));
        // inline and rings/disruptor/park (the skipped spin row is not drawn), at N=1 and N=4: p50 and its interval in ns
        assertThat(dat).contains("# series N=1").contains("# series N=4");
        assertThat(dat).contains(" 30000 27000 33000 ").contains(" 60000 54000 66000 ").contains(" 80000 72000 88000 ");
        assertThat(dat.split("# series N=4")[1].strip().lines()).hasSize(3); // header rest + inline + rings
        assertThat(plots.get(0).table().toString()).contains("inline").contains("rings/disruptor/park").doesNotContain("spin");
    }

    @Test
    void noRowsSayTheSuiteDidNotRun() throws Exception {
        assertThat(EchoSection.markdown(run)).contains("did not run");
    }
}
