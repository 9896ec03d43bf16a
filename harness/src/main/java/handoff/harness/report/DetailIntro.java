package handoff.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The detail appendix's opening: the environment (machine, JVM, warnings, oversubscription) and the method. */
final class DetailIntro {
    private final RunData run;
    private final Manifest m;
    private final StringBuilder b = new StringBuilder();

    DetailIntro(RunData run) {
        this.run = run;
        this.m = run.manifest;
    }

    String render() {
        environment();
        methodology();
        return b.toString();
    }

    private void p(String s) {
        b.append(s).append("\n\n");
    }

    private void h(int level, String s) {
        b.append("#".repeat(level)).append(' ').append(s).append("\n\n");
    }

    // ---------------------------------------------------------------------------------------------------
    // 2. Environment

    static final List<String> MACHINE_KEYS = List.of("cpu_model", "cores", "smt", "numa_nodes", "governor", "thp", "isolcpus",
            "nohz_full", "virtualised", "hostname", "os");

    private void environment() {
        h(2, "2. Environment");
        Md t = new Md("fact", "value");
        t.row("run id", run.runId);
        t.row("status", m.status());
        t.row("date (UTC)", m.str("date_utc"));
        t.row("git commit", m.str("git_commit") + ("true".equals(m.str("git_dirty")) ? " (**dirty working tree**)" : ""));
        t.row("profile", m.str("profile"));
        for (String k : MACHINE_KEYS) {
            t.row("machine " + k, m.str("machine." + k));
        }
        for (String k : m.keys("machine")) {
            if (!MACHINE_KEYS.contains(k)) {
                t.row("machine " + k, m.str("machine." + k));
            }
        }
        t.row("JVM", m.jvmLine());
        t.row("pinning plan", m.str("pinning.plan"));
        t.row("pinning outcome", m.str("pinning.outcome"));
        t.row("suites", m.str("suites"));
        b.append(t).append('\n');
        List<String> flags = m.strings("jvm.flags");
        p("JVM flags" + (flags.isEmpty() ? ": unknown (not in the manifest)." : ":"));
        if (!flags.isEmpty()) {
            b.append("```\n").append(String.join(" ", flags)).append("\n```\n\n");
        }
        // per-trial pinning, as recorded in the rows
        Map<String, Integer> pin = new TreeMap<>();
        for (String f : List.of(RunData.RTT, RunData.LATENCY)) {
            for (Row r : run.get(f) == null ? List.<Row>of() : run.get(f).rows) {
                if (r.has("pinning")) {
                    pin.merge(f + ": " + r.get("pinning"), 1, Integer::sum);
                }
            }
        }
        if (!pin.isEmpty()) {
            StringBuilder s = new StringBuilder("Pinning recorded per trial: ");
            List<String> parts = new ArrayList<>();
            pin.forEach((k, v) -> parts.add(k + " ×" + v));
            p(s.append(String.join("; ", parts)).append('.').toString());
        }
        List<String> warnings = m.strings("warnings");
        p("Preflight warnings" + (warnings.isEmpty() ? (m.has("warnings") ? ": none." : ": not recorded in the manifest.") : " (" + warnings.size() + "):"));
        for (String w : warnings) {
            b.append("- ").append(w).append('\n');
        }
        if (!warnings.isEmpty()) {
            b.append('\n');
        }
        // threads > CPUs
        List<String> over = new ArrayList<>();
        int total = 0;
        for (String f : RunData.FILES) {
            Csv c = run.get(f);
            if (c == null) {
                continue;
            }
            List<Row> os = RunData.where(c.rows, Row::oversubscribed);
            total += os.size();
            if (!os.isEmpty()) {
                Map<String, List<Row>> byLoad = new TreeMap<>();
                for (Row r : os) {
                    byLoad.computeIfAbsent(threads(r).isEmpty() ? "threads/CPUs not recorded" : threads(r), k -> new ArrayList<>()).add(r);
                }
                List<String> parts = new ArrayList<>();
                // Name the configurations only while they are few; a whole oversubscribed suite is just counted.
                byLoad.forEach((k, rows) -> {
                    List<String> configs = rows.stream().map(r -> ReportWriter.brief(f, r)).distinct().toList();
                    parts.add(k + " (" + rows.size() + (rows.size() == 1 ? " row" : " rows")
                            + (configs.size() <= MAX_LISTED ? ": " + String.join(", ", configs) : "") + ")");
                });
                over.add("`" + f + "`: " + os.size() + " of " + c.rows.size() + " rows — " + String.join("; ", parts));
            }
        }
        if (total == 0) {
            p("Threads > CPUs: no row of this run is oversubscribed.");
        } else {
            p("Threads > CPUs: " + total + " rows ran more threads than CPUs (marked **oversubscribed** wherever they appear):");
            for (String o : over) {
                b.append("- ").append(o).append('\n');
            }
            b.append('\n');
        }
    }

    /** How many oversubscribed configurations of one thread count §2 names before it only counts them. */
    static final int MAX_LISTED = 6;

    private static String threads(Row r) {
        return r.has("threads") && r.has("cpus") ? r.get("threads") + " threads on " + r.get("cpus") + " CPUs" : "";
    }

    // ---------------------------------------------------------------------------------------------------
    // 3. Methodology (static, but must stay true to docs/measurement.md §2-§8)

    /** Pipeline transports of this run's registry traits that satisfy {@code p}, as code spans. */
    private String traitList(java.util.function.Predicate<Traits.Trait> p) {
        List<String> ids = new java.util.ArrayList<>();
        for (String id : run.traits.order()) {
            Traits.Trait t = run.traits.get(id);
            if (p.test(t) && (run.ok(RunData.PIPELINE).isEmpty() || !RunData.eq(run.ok(RunData.PIPELINE), "transport", id).isEmpty())) {
                ids.add("`" + id + "`");
            }
        }
        return ids.isEmpty() ? "none in this run" : String.join(", ", ids);
    }

    private void methodology() {
        h(2, "3. Methodology");
        List<String> forks = new java.util.ArrayList<>(run.has(RunData.RTT) ? RunData.distinct(run.ok(RunData.RTT), "forks") : List.of());
        forks.remove("");
        p("Profile `" + m.str("profile") + "`" + (forks.isEmpty() ? "" : "; RTT forks per configuration: " + String.join(", ", forks)) + ".");
        b.append("- **A fresh JVM per configuration** (transport × producers × burst × wait): one call site seeing several transports "
                + "would turn megamorphic and penalise whichever ran last. Fixed heap (`-Xms` = `-Xmx`), `-XX:+AlwaysPreTouch`, "
                + "and a warm-up before anything is measured; the exact flags are in §2.\n");
        b.append("- **RTT (closed loop)**, after the harness behind Thompson's 2015 queue tables: P producers each send a burst of B "
                + "messages into the send path under test; only the burst's last message carries the producer id; one consumer echoes "
                + "it through a per-producer SPSC response queue that is identical for every transport, so only the send path differs. "
                + "One sample = first send → reply. A producer waits for its reply before the next burst, so a stall delays the "
                + "samples behind it instead of being recorded by them (coordinated omission): RTT percentiles understate what an "
                + "open-loop sender would see. The cost of the two `System.nanoTime()` calls that bracket each sample is measured "
                + "separately (row `nanotime`).\n");
        b.append("- **Pipeline throughput (saturation)** is JMH: one op pushes a batch of events through parse → enrich → aggregate "
                + "and waits for the aggregate stage to drain it; each fork is a fresh JVM, forks of all configurations interleaved, "
                + "reported as the median over forks with its interval. Allocation "
                + "comes from `-prof gc`; JMH 1.37's `gc.alloc.rate.norm` is JVM-wide, so it is divided per event. One worker per "
                + "stage unless a `workers` shape says otherwise (`A:B:C` = parse:enrich:aggregate workers): pools share a hop where "
                + "the transport allows several consumers per hop (" + traitList(t -> t.maxWorkersPerHop() != 1) + ") and are `n/a` "
                + "where it allows one (" + traitList(t -> t.maxWorkersPerHop() == 1) + ").\n");
        b.append("- **Pipeline latency (open loop)**: producers send on a schedule at a fixed offered rate; every event carries its "
                + "*intended* send time and the aggregate stage records now − intended. Delays therefore count against every event "
                + "they hold up: free of coordinated omission by construction. Rates are fractions of the slowest configuration's "
                + "measured saturation (one absolute rate for every transport) and, as a second view, of each one's own saturation "
                + "(the latency-vs-load curves). A row whose backlog grew through the window is `overloaded`.\n");
        b.append("- **Per-hop breakdown**: a timestamp at each stage gives one histogram per hop (publish→parse, parse→enrich, "
                + "enrich→aggregate).\n");
        b.append("- **Queues allocate, rings do not.** Pipelines over transports that are not pre-allocated (" + traitList(t -> !t.preallocated())
                + ") allocate an event per message, as a user of a queue would; pre-allocated ones (" + traitList(Traits.Trait::preallocated)
                + ") reuse their slots. "
                + "The allocation and GC figures show this difference instead of hiding it.\n");
        b.append("- **Every trial verifies** its output: events aggregated = published, and an order-independent checksum matches. "
                + "A mismatch fails the trial (status appendix).\n");
        b.append("- **Wait strategy** is a swept dimension: `spin`, `yield`, `park`, `block` (lock + condition), and Flow's own "
                + "`native`. Threads that spin or yield burn a CPU each, which is why threads > CPUs is flagged.\n");
        b.append("- **Robust figures first**: on a shared or virtualised machine rare multi-millisecond deschedules dominate the mean, "
                + "so p50 and p99 stand beside every mean, the median over forks beside its min/max, never a best-of-N; a row whose "
                + "forks disagree by more than 2× is flagged **unstable**.\n\n");
    }

}
