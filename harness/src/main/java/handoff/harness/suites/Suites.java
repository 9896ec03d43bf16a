package handoff.harness.suites;

import handoff.harness.echo.EchoParts;
import handoff.harness.echo.EchoSuite;
import handoff.harness.fanout.FanoutParts;
import handoff.harness.fanout.FanoutSuite;
import handoff.harness.latency.LatencySuite;
import handoff.harness.overload.OverloadParts;
import handoff.harness.overload.OverloadSuite;
import handoff.harness.page.ReportParts;
import handoff.harness.pipeline.PipelineSuite;
import handoff.harness.pipelinereport.PipelineReport;
import handoff.harness.results.Schema;
import handoff.harness.rtt.RttParts;
import handoff.harness.rtt.RttSuite;
import handoff.harness.trial.RateSource;
import handoff.harness.trial.Suite;
import handoff.harness.unicast.UnicastReport;
import handoff.harness.unicast.UnicastSuite;
import handoff.harness.versus.DisruptorSuite;
import handoff.harness.versus.VersusParts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registry of suites, each with its part of the report (null where another suite's part covers it). Adding a suite =
 * its package plus one line here; the sweep, the CLI and the report find it, and its {@link Suite#schema()} (files, keys,
 * metrics, flags) reaches the report, {@code compare} and summary.json through {@link SuiteSchemas}. A suite that asks
 * for another's rates declares it ({@link Suite#needs()}); the registry refuses one registered before a suite it needs,
 * and a sweep runs the selected suites in {@link #runOrder} (what each needs first).
 */
public final class Suites {
    private static final Map<String, Suite> REGISTRY = new LinkedHashMap<>();
    private static final List<ReportParts> PARTS = new ArrayList<>();

    static {
        register(new RttSuite(), new RttParts());
        register(new PipelineSuite(), new PipelineReport());
        register(new LatencySuite(), null); // its rows are the pipeline part's latency columns and figures
        register(new UnicastSuite(), new UnicastReport());
        register(new DisruptorSuite(), new VersusParts());
        register(new EchoSuite(), new EchoParts());
        register(new FanoutSuite(), new FanoutParts());
        register(new OverloadSuite(), new OverloadParts());
    }

    private Suites() {
    }

    private static void register(Suite s, ReportParts parts) {
        String missing = neededAfter(s, REGISTRY.keySet());
        if (missing != null) {
            throw new IllegalStateException("suite " + s.name() + " needs suite " + missing + ", registered after it or not at all");
        }
        REGISTRY.put(s.name(), s);
        if (parts != null) {
            PARTS.add(parts);
        }
    }

    public static Suite get(String name) {
        Suite s = REGISTRY.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown suite '" + name + "'; allowed: " + String.join(", ", names()));
        }
        return s;
    }

    /** The first suite {@code s} needs that is not among {@code before}, or null. */
    static String neededAfter(Suite s, Collection<String> before) {
        return needs(s).stream().filter(n -> !before.contains(n)).findFirst().orElse(null);
    }

    /** The names of the other suites whose rates {@code s} asks for, in its declared order. */
    static List<String> needs(Suite s) {
        return s.needs().stream().map(RateSource::suite).filter(n -> !n.equals(s.name())).distinct().toList();
    }

    /**
     * The order a sweep runs the selected suites in: as given, except that a suite runs after the selected suites it needs.
     * A needed suite that is not selected is not added: the suite that needs it does without ({@link Suite#needs()}).
     */
    public static List<String> runOrder(List<String> selected) {
        Set<String> out = new LinkedHashSet<>();
        for (String name : selected) {
            place(name, selected, out);
        }
        return List.copyOf(out);
    }

    private static void place(String name, List<String> selected, Set<String> out) {
        if (out.contains(name)) {
            return;
        }
        for (String needed : needs(get(name))) {
            if (selected.contains(needed)) {
                place(needed, selected, out);
            }
        }
        out.add(name);
    }

    public static List<String> names() {
        return new ArrayList<>(REGISTRY.keySet());
    }

    /** Every suite's schema, in registry order (what {@link SuiteSchemas} hands the layers below). */
    public static List<Schema> schemas() {
        return REGISTRY.values().stream().map(Suite::schema).toList();
    }

    /** Every suite's part of the report, in registry order. */
    public static List<ReportParts> reportParts() {
        return List.copyOf(PARTS);
    }
}
