package handoff.harness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code jmh-all.json}: the run's JMH results ({@code jmh/<trial-key>.json}, one JMH invocation per fork, each a
 * JSON array in JMH's {@code -rf json} format) as JMH itself would have written them had it run every fork of a
 * configuration in one invocation: one entry per benchmark and parameters, {@code forks} the forks merged,
 * {@code rawData} one array per fork (in fork order), each metric scored again over all forks' iterations
 * ({@link JmhScore}), {@code jvmArgs} those every fork shared. Forks are the files of one configuration
 * ({@code <configuration>_f<N>.json}); where two configurations run the same benchmark with the same parameters
 * (a runtime sweep: another JDK or collector), each entry gets a {@code config} parameter naming its configuration,
 * so that JMH's tools draw them apart. A file that is not a JSON array (a trial killed while JMH wrote it) is left
 * out and named in the returned notes.
 */
public final class JmhMerge {
    public static final String FILE = "jmh-all.json";
    /** A fork's file: the configuration's key, then {@code _f} and the fork. */
    /** A fork's file: its configuration, the further round it ran in where it was one (ours vs LMAX), its fork (pair) number. */
    private static final Pattern FORK = Pattern.compile("^(.*?)(?:_round(\\d+))?_f(\\d+)\\.json$");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The entries of one benchmark with one set of parameters in one configuration: its forks. */
    private record Group(String config, List<ObjectNode> forks) {
    }

    private JmhMerge() {
    }

    /** Writes {@code jmh-all.json} when the run has JMH results; returns what was left out and why. */
    public static List<String> write(Path runDir) throws IOException {
        List<String> notes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        Map<Path, List<?>> results = new LinkedHashMap<>();
        for (JmhFiles.Read r : JmhFiles.all(runDir)) {
            if (!r.whole()) {
                notes.add(r.note()); // a trial killed while JMH wrote it, in a run from before result files were kept whole
                continue;
            }
            files.add(r.file());
            results.put(r.file(), r.benchmarks());
        }
        files.sort(JmhMerge::forkOrder);
        Map<String, Group> groups = new LinkedHashMap<>();
        for (Path f : files) {
            JsonNode parsed = Json.tree(results.get(f));
            String config = config(f);
            for (JsonNode e : parsed) {
                if (e instanceof ObjectNode o) {
                    String key = config + "\n" + identity(o);
                    groups.computeIfAbsent(key, k -> new Group(config, new ArrayList<>())).forks().add(o);
                }
            }
        }
        if (!files.isEmpty()) {
            AtomicFiles.write(runDir.resolve(FILE), Json.write(merge(groups.values())));
        }
        return notes;
    }

    /** One entry per group; a {@code config} parameter where two groups share benchmark, mode and parameters. */
    private static ArrayNode merge(Iterable<Group> groups) {
        Map<String, Integer> shared = new LinkedHashMap<>();
        groups.forEach(g -> shared.merge(identity(g.forks().get(0)), 1, Integer::sum));
        ArrayNode out = NODES.arrayNode();
        for (Group g : groups) {
            out.add(entry(g, shared.get(identity(g.forks().get(0))) > 1));
        }
        return out;
    }

    private static ObjectNode entry(Group g, boolean nameConfig) {
        ObjectNode first = g.forks().get(0);
        ObjectNode e = first.deepCopy();
        int forks = 0;
        for (ObjectNode f : g.forks()) {
            forks += Math.max(1, f.path("forks").asInt(1));
        }
        e.put("forks", forks);
        ArrayNode args = e.putArray("jvmArgs");
        for (JsonNode a : first.path("jvmArgs")) {
            if (g.forks().stream().allMatch(f -> contains(f.path("jvmArgs"), a))) {
                args.add(a);
            }
        }
        if (nameConfig) {
            (e.get("params") instanceof ObjectNode p ? p : e.putObject("params")).put("config", g.config());
        }
        JmhScore primary = new JmhScore();
        g.forks().forEach(f -> primary.add(f.get("primaryMetric"), f.path("forks").asInt(1)));
        e.set("primaryMetric", primary.json());
        Map<String, JmhScore> secondary = new LinkedHashMap<>();
        g.forks().forEach(f -> f.path("secondaryMetrics").fieldNames().forEachRemaining(n -> secondary.putIfAbsent(n, new JmhScore())));
        ObjectNode sec = e.putObject("secondaryMetrics");
        secondary.forEach((label, score) -> {
            g.forks().forEach(f -> score.add(f.path("secondaryMetrics").get(label), f.path("forks").asInt(1)));
            sec.set(label, score.json());
        });
        return e;
    }

    /** What makes entries forks of one another: benchmark, mode, threads and parameters. */
    private static String identity(JsonNode e) {
        return e.path("benchmark").asText() + "\n" + e.path("mode").asText() + "\n" + e.path("threads").asText() + "\n"
                + sortedParams(e.path("params"));
    }

    private static String sortedParams(JsonNode params) {
        Map<String, String> m = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            m.put(p.getKey(), p.getValue().asText());
        }
        return m.toString();
    }

    private static boolean contains(JsonNode array, JsonNode v) {
        for (JsonNode x : array) {
            if (x.equals(v)) {
                return true;
            }
        }
        return false;
    }

    /** The configuration a fork's file belongs to: its name without {@code _f<N>.json}. */
    private static String config(Path f) {
        var m = FORK.matcher(f.getFileName().toString());
        return m.matches() ? m.group(1) : f.getFileName().toString().replaceAll("\\.json$", "");
    }

    /** Files by configuration, then by fork number (f10 after f9). */
    private static int forkOrder(Path a, Path b) {
        int c = config(a).compareTo(config(b));
        return c != 0 ? c : Integer.compare(forkNumber(a), forkNumber(b));
    }

    private static int forkNumber(Path f) {
        var m = FORK.matcher(f.getFileName().toString());
        return !m.matches() ? 0 : (m.group(2) == null ? 0 : Integer.parseInt(m.group(2)) * 10_000) + Integer.parseInt(m.group(3));
    }
}
