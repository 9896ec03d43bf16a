package handoff.harness;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The three workflows a team copies (.github/workflows), checked without GitHub: each parses as a workflow (triggers, jobs
 * each with a runner, a time limit and steps that either use an action or run a command); every action named is at a
 * current major or newer (the majors whose Node runtime GitHub still runs: checkout 7, setup-java 6, upload-artifact 7);
 * the gate and the tests run in a {@code concurrency} group; ci runs {@code mvn -B verify} on every push and pull
 * request, jcstress-long runs {@code queues/jcstress.sh long} on a schedule. Where {@code actionlint} is installed (the
 * Go binary, or a wrapper of it on the PATH) it must find nothing in them.
 */
class WorkflowsTest {
    private static final Path FOLDER = Path.of("../.github/workflows");
    /** The oldest major of each action these workflows may name. */
    private static final Map<String, Integer> CURRENT = Map.of("actions/checkout", 7, "actions/setup-java", 6, "actions/upload-artifact", 7);
    private static final Pattern USES = Pattern.compile("([\\w.-]+/[\\w.-]+)@v(\\d+)");

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String name) throws Exception {
        return (Map<String, Object>) new Yaml().load(Files.readString(FOLDER.resolve(name), StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps(Map<String, Object> wf) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object job : ((Map<String, Object>) wf.get("jobs")).values()) {
            out.addAll((List<Map<String, Object>>) ((Map<String, Object>) job).get("steps"));
        }
        return out;
    }

    /** snakeyaml reads the key {@code on} as the boolean true (YAML 1.1), as GitHub does not: the triggers either way. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> triggers(Map<String, Object> wf) {
        Object on = wf.containsKey("on") ? wf.get("on") : ((Map<Object, Object>) (Map<?, ?>) wf).get(Boolean.TRUE);
        return (Map<String, Object>) on;
    }

    @Test
    @SuppressWarnings("unchecked")
    void eachWorkflowIsWellFormedAndNamesCurrentMajorsOfItsActions() throws Exception {
        List<String> names;
        try (Stream<Path> s = Files.list(FOLDER)) {
            names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yml")).sorted().toList();
        }
        assertThat(names).contains("benchmark-gate.yml", "ci.yml", "jcstress-long.yml");
        for (String name : names) {
            Map<String, Object> wf = load(name);
            assertThat(wf.get("name")).as(name).isNotNull();
            assertThat(triggers(wf)).as(name + ": on").isNotEmpty();
            assertThat(wf.get("permissions")).as(name + ": a token no wider than it needs").isNotNull();
            for (Object j : ((Map<String, Object>) wf.get("jobs")).values()) {
                Map<String, Object> job = (Map<String, Object>) j;
                assertThat(job).as(name).containsKeys("runs-on", "timeout-minutes", "steps");
            }
            for (Map<String, Object> step : steps(wf)) {
                assertThat(step.containsKey("uses") ^ step.containsKey("run")).as(name + ": " + step).isTrue();
            }
            Matcher m = USES.matcher(Files.readString(FOLDER.resolve(name), StandardCharsets.UTF_8));
            while (m.find()) {
                assertThat(CURRENT).as(name + ": an action this test knows the current major of").containsKey(m.group(1));
                assertThat(Integer.parseInt(m.group(2))).as(name + ": " + m.group()).isGreaterThanOrEqualTo(CURRENT.get(m.group(1)));
            }
        }
    }

    @Test
    void theGateComparesTwoBuildsInOneJobAndCiRunsTheTestsAndJcstressLongIsWeekly() throws Exception {
        Map<String, Object> gate = load("benchmark-gate.yml");
        assertThat(gate).containsKey("concurrency");
        assertThat(triggers(gate)).containsKey("pull_request");
        assertThat(steps(gate)).anySatisfy(s -> assertThat(String.valueOf(s.get("run"))).contains("./run-bench.sh ab ")
                .contains("$GITHUB_STEP_SUMMARY"));
        assertThat(steps(gate)).anySatisfy(s -> assertThat(String.valueOf(s.get("uses"))).startsWith("actions/upload-artifact@"));
        assertThat(steps(gate)).noneSatisfy(s -> assertThat(String.valueOf(s.get("run"))).contains("gh run download")); // no baseline from another job

        Map<String, Object> ci = load("ci.yml");
        assertThat(ci).containsKey("concurrency");
        assertThat(triggers(ci)).containsKeys("push", "pull_request");
        assertThat(steps(ci)).anySatisfy(s -> assertThat(String.valueOf(s.get("run")).strip()).isEqualTo("mvn -B verify"));

        Map<String, Object> jcstress = load("jcstress-long.yml");
        assertThat(triggers(jcstress)).containsKey("schedule");
        assertThat(steps(jcstress)).anySatisfy(s -> assertThat(String.valueOf(s.get("run")).strip()).isEqualTo("queues/jcstress.sh long"));
    }

    @Test
    void actionlintFindsNothingWhereItIsInstalled() throws Exception {
        String lint = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(d -> Path.of(d, "actionlint")).filter(Files::isExecutable).map(Path::toString).findFirst().orElse(null);
        Assumptions.assumeTrue(lint != null, "actionlint is not installed here (docs/running.md says how to lint the workflows)");
        List<String> cmd = new ArrayList<>(List.of(lint));
        try (Stream<Path> s = Files.list(FOLDER)) {
            s.filter(p -> p.toString().endsWith(".yml")).sorted().forEach(p -> cmd.add(p.toString()));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }
}
