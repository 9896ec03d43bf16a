package handoff.harness.unicast;

import handoff.harness.jmhsuite.JmhResult;
import handoff.harness.jmhsuite.JmhRow;
import handoff.harness.jmhsuite.JmhSuite;
import handoff.harness.results.Cells;
import handoff.harness.results.Schema;
import handoff.harness.results.TrialProperties;
import handoff.harness.trial.Profile;
import handoff.harness.trial.SweepPlan;
import handoff.harness.trial.TrialSpec;
import handoff.queues.Transport;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * 1 producer → 1 consumer, no stages: time to move N items (JMH {@code UnicastPublish}), so that the
 * Flow-vs-Disruptor comparison can stand beside the published one: {@code flow-post} runs Flow as the post did
 * (publisher defaults, request(1)), {@code flow} as tuned, against both rings.
 */
public final class UnicastSuite extends JmhSuite {
    @Override
    public String name() {
        return "unicast";
    }

    @Override
    public String csvFile() {
        return "unicast.csv";
    }

    @Override
    public Schema schema() {
        return Schema.of(UnicastCsv.TABLE.schema());
    }


    @Override
    public List<TrialSpec> plan(SweepPlan plan) {
        List<TrialSpec> configs = new ArrayList<>();
        List<Wait> waits = plan.waits().isEmpty()
                ? (plan.profile() == Profile.SMOKE ? List.of(Wait.PARK) : plan.profile() == Profile.QUICK ? List.of(Wait.SPIN)
                : List.of(Wait.SPIN, Wait.BLOCK)) : plan.waits();
        List<Long> items = plan.profile() == Profile.SMOKE ? List.of(50_000L) : plan.profile().unicastItems;
        for (Transport t : withFlowAsPublished(plan.transportsOr(true))) {
            for (Wait w : plan.waitsFor(t, waits)) {
                for (long n : items) {
                    TrialProperties.Builder config = TrialProperties.builder();
                    UnicastCsv.Config.CODEC.write(new UnicastCsv.Config(t.id(), w.id(), (long) n), config);
                    configs.add(new TrialSpec(name(), config, plan.sizing(0)));
                }
            }
        }
        return interleavedForks(plan, configs);
    }

    /**
     * The planned transports, plus {@code flow-post} (Flow as the 2017 post configured it) wherever {@code flow} runs:
     * the post's Flow-vs-Disruptor ratio is judged on the post's own terms beside the tuned {@code flow}.
     */
    static List<Transport> withFlowAsPublished(List<Transport> planned) {
        List<Transport> out = new ArrayList<>(planned);
        boolean flow = planned.stream().anyMatch(t -> t.id().equals("flow"));
        boolean post = planned.stream().anyMatch(t -> t.id().equals(handoff.queues.adapters.FlowTransport.POST_ID));
        if (flow && !post) {
            out.add(handoff.queues.Transports.get(handoff.queues.adapters.FlowTransport.POST_ID));
        }
        return out;
    }

    /** The forks folded ({@link #fold}) into {@code unicast.csv}'s typed rows. */
    static List<JmhRow<UnicastCsv.Config>> typedRows(List<TrialProperties> trials) {
        return fold(trials, UnicastCsv.Config::of, UnicastCsv.MEASURES, UnicastCsv.PRIMARY, false);
    }

    /** {@link #typedRows} as cells, for the code that reads rows as maps. */

    /** {@code unicast.csv}'s text, written through its column table. */
    @Override
    public String csv(List<TrialProperties> trials, Path runDir) {
        return UnicastCsv.TABLE.render(typedRows(trials));
    }

    @Override
    public int threads(TrialSpec spec) {
        return 2;
    }

    @Override
    protected String benchmark(TrialSpec spec) {
        return "handoff.harness.unicast.UnicastPublish";
    }

    @Override
    protected TrialProperties params(TrialSpec spec) {
        UnicastCsv.Config c = UnicastCsv.Config.of(spec.config());
        return config("transport", c.transport(), "wait", c.waitStrategy(), "items", c.items(),
                "capacity", spec.get(SweepPlan.CAPACITY.name())).build();
    }

    /** JMH reports time per op in the benchmark's unit; the CSV is in milliseconds. */
    static double toMillis(JmhResult.Measured m) {
        double v = m.score();
        String unit = m.unit() == null ? "ms/op" : m.unit();
        return switch (unit.substring(0, unit.indexOf('/') < 0 ? unit.length() : unit.indexOf('/'))) {
            case "ns" -> v / 1e6;
            case "us" -> v / 1e3;
            case "s" -> v * 1e3;
            default -> v;
        };
    }
}
