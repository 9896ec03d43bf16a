package handoff.harness.versus;

import handoff.harness.meters.WhyProfiler;
import handoff.harness.page.Manifest;
import handoff.harness.results.Cells;
import handoff.harness.results.JmhFiles;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Forks;
import handoff.harness.trial.TrialSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's forks as the run keeps them: one JMH result file per fork in {@code jmh/}, named by its configuration,
 * side, round and pair ({@link DisruptorSuite#run}), read back into the trial results ({@link VersusTrial#result}'s
 * form) their trials would have written. Two uses: a configuration whose trial never finished (the run stopped while
 * it ran) keeps the pairs whose forks all finished, shown as a row of those pairs; and a run that keeps no
 * {@code trials/} (a committed run) is folded again from these files alone ({@code refold}). A pair is kept only where
 * every side's fork file is whole ({@link JmhFiles#read}); a file that is not a result, and a pair it leaves short, is
 * named in the notes and never read as a result. (A run swept over runtimes, {@code --jdk}, {@code --gc} or
 * {@code --threads}, names its forks by those too and is not read this way.)
 */
final class KeptForks {
    /** {@code disruptor_<benchmark>_<wait>_<side>[_round<r>]_f<pair>.json}: the name {@link DisruptorSuite} gives a fork. */
    private static final Pattern NAME = Pattern.compile("disruptor_([^_]+)_([^_]+)_([^_]+)(?:_round(\\d+))?_f(\\d+)\\.json");

    /** One kept fork: its row ({@code benchmark}, {@code wait}), side, round and pair within the round. */
    private record Fork(String benchmark, String policy, String side, int round, int pair, TrialProperties values) {
    }

    private KeptForks() {
    }

    /**
     * Trial results rebuilt from the kept fork files of every configuration not in {@code withTrials} (config keys), in
     * the suite's plan order (topology, then its variants, then wait); what was left out goes to {@code notes}.
     */
    static List<TrialProperties> trials(Path runDir, Set<String> withTrials, List<String> notes) {
        Map<String, List<Fork>> byConfig = new TreeMap<>(Comparator.comparing(KeptForks::order));
        for (Path file : JmhFiles.files(runDir)) {
            Matcher m = NAME.matcher(file.getFileName().toString());
            if (!m.matches()) {
                continue; // another suite's file
            }
            String benchmark = m.group(1).replace('-', '_');
            if (!known(benchmark, m.group(2)) || withTrials.contains(configKey(benchmark, m.group(2)))) {
                continue; // its trial finished: its row is the trial's
            }
            JmhFiles.Read r = JmhFiles.read(file);
            if (!r.whole()) {
                notes.add(r.note());
                continue;
            }
            Fork f = fork(r, benchmark, m);
            if (f == null) {
                notes.add(JmhFiles.DIR + "/" + r.file().getFileName() + ": its JMH parameters do not match its name, ignored");
                continue;
            }
            byConfig.computeIfAbsent(benchmark + " " + f.policy(), k -> new ArrayList<>()).add(f);
        }
        List<TrialProperties> out = new ArrayList<>();
        int cpus = Manifest.read(runDir).strings("plan.cpus").size();
        for (List<Fork> forks : byConfig.values()) {
            TrialProperties t = trial(forks, cpus, notes);
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    /** One configuration's trial from its forks: the pairs every side completed, in round and pair order; null if none. */
    private static TrialProperties trial(List<Fork> forks, int cpus, List<String> notes) {
        Fork first = forks.get(0);
        Set<String> present = new TreeSet<>(forks.stream().map(Fork::side).toList());
        List<String> sides = new TreeSet<>(DisruptorSuite.TRIPLE).equals(present) ? DisruptorSuite.TRIPLE
                : Bench.parse(first.benchmark()).sides();
        String row = first.benchmark() + " at " + first.policy();
        if (!new TreeSet<>(sides).equals(present)) {
            notes.add(row + ": kept forks of sides " + present + ", not its " + sides + "; no row");
            return null;
        }
        Map<String, Map<Integer, Fork>> bySide = new LinkedHashMap<>(); // side → round·pair → fork
        sides.forEach(s -> bySide.put(s, new TreeMap<>()));
        for (Fork f : forks) {
            bySide.get(f.side()).put(f.round() * 1_000_000 + f.pair(), f);
        }
        Set<Integer> pairs = new TreeSet<>();
        bySide.values().forEach(m -> pairs.addAll(m.keySet()));
        List<Integer> whole = new ArrayList<>();
        for (int p : pairs) {
            List<String> short_ = sides.stream().filter(s -> !bySide.get(s).containsKey(p)).toList();
            if (short_.isEmpty()) {
                whole.add(p);
            } else {
                notes.add(row + ": pair " + (p % 1_000_000) + (p >= 1_000_000 ? " of round " + p / 1_000_000 : "")
                        + " left out: no whole fork of " + String.join(", ", short_));
            }
        }
        if (whole.isEmpty()) {
            return null;
        }
        Map<String, List<TrialProperties>> bySideForks = new LinkedHashMap<>();
        for (String s : sides) {
            bySideForks.put(s, whole.stream().map(p -> bySide.get(s).get(p).values()).toList());
        }
        int threads = Bench.parse(first.benchmark()).topology().threads();
        TrialProperties.Builder out = TrialProperties.builder()
                .put(Forks.CONFIG_KEY, configKey(first.benchmark(), first.policy()))
                .put("suite", "disruptor").put("benchmark", first.benchmark()).put("wait", first.policy())
                .put("threads", Integer.toString(threads));
        if (cpus > 0) {
            out.put("cpus", Integer.toString(cpus)).put("oversubscribed", Boolean.toString(threads > cpus));
        }
        out.putAll(VersusTrial.result(bySideForks));
        return out.build();
    }

    /** A whole fork file's side values as its fork's trial result had them ({@code JmhRunner}); null where its name lies. */
    private static Fork fork(JmhFiles.Read r, String benchmark, Matcher m) {
        if (!(r.benchmarks().get(0) instanceof Map<?, ?> b) || !(b.get("params") instanceof Map<?, ?> params)
                || !(b.get("primaryMetric") instanceof Map<?, ?> primary)) {
            return null;
        }
        String wait = m.group(2);
        String side = m.group(3);
        if (!wait.equals(String.valueOf(params.get("wait"))) || !side.equals(String.valueOf(params.get("impl")))) {
            return null;
        }
        Map<?, ?> secondary = b.get("secondaryMetrics") instanceof Map<?, ?> s ? s : Map.of();
        double cpu = score(secondary.get(WhyProfiler.CPU_PRODUCERS)) + score(secondary.get(WhyProfiler.CPU_CONSUMERS));
        TrialProperties values = TrialProperties.builder().put("score", Cells.format(score(primary)))
                .put("alloc_bytes_per_op", Cells.format(score(secondary.get("gc.alloc.rate.norm"))))
                .put("cpu_ns_per_op", Cells.format(cpu)).put("unit", String.valueOf(primary.get("scoreUnit"))).build();
        return new Fork(benchmark, wait, side, m.group(4) == null ? 0 : Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                values);
    }

    private static double score(Object metric) {
        return metric instanceof Map<?, ?> m && m.get("score") instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static boolean known(String benchmark, String wait) {
        try {
            Bench.parse(benchmark);
            Policy.parse(wait);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The configuration key the suite's trial of this row has ({@link TrialSpec#configKey}). */
    static String configKey(String benchmark, String wait) {
        return new TrialSpec("disruptor", TrialProperties.builder().put("benchmark", benchmark).put("wait", wait),
                TrialProperties.builder()).configKey();
    }

    /** The plan's order of rows: topology, then the plain row before its variants (batch sizes, the control), then wait. */
    private static String order(String row) {
        String[] bw = row.split(" ");
        Bench b = Bench.parse(bw[0]);
        int variant = b.plain() ? 0 : b.falseSharing() ? 999 : b.publishBatch();
        Policy p = Policy.parse(bw[1]);
        return String.format(Locale.ROOT, "%02d %04d %02d %d", b.topology().ordinal(), variant, p.idle().ordinal(), p.likeOurs() ? 1 : 0);
    }
}
