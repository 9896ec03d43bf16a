package handoff.harness.trial;

import handoff.harness.results.TrialProperties;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * One trial: one fresh JVM running one configuration of one suite. Its parameters are text
 * ({@link TrialProperties}) because they cross a JVM: a spec travels unchanged on the child's command line
 * ({@link #toArgs}, {@link #fromArgs}) and into its trial file.
 *
 * @param suite   the suite's name
 * @param config  the parameters that identify the configuration (rows with equal config are forks)
 * @param sizing  how long/how much to measure, the fork number and the like: not part of the identity
 */
public record TrialSpec(String suite, TrialProperties config, TrialProperties sizing) {
    public TrialSpec(String suite, TrialProperties.Builder config, TrialProperties.Builder sizing) {
        this(suite, config.build(), sizing.build());
    }

    /** File-name safe identity of the configuration, e.g. {@code rtt_abq_p1_b100_spin}. */
    public String configKey() {
        StringJoiner j = new StringJoiner("_");
        j.add(suite);
        config.forEach((k, v) -> j.add(abbreviate(k) + v.replaceAll("[^A-Za-z0-9.-]", "-")));
        return j.toString();
    }

    /** Identity of this trial: configuration plus fork. */
    public String key() {
        return configKey() + "_f" + fork();
    }

    public int fork() {
        return Integer.parseInt(sizing.getOrDefault("fork", "0"));
    }

    public String get(String name) {
        String v = config.containsKey(name) ? config.get(name) : sizing.get(name);
        if (v == null) {
            throw new IllegalArgumentException("trial " + configKey() + " has no parameter '" + name + "'");
        }
        return v;
    }

    public String get(String name, String fallback) {
        return config.containsKey(name) ? config.get(name) : sizing.getOrDefault(name, fallback);
    }

    public int getInt(String name) {
        return Integer.parseInt(get(name));
    }

    public long getLong(String name) {
        return Long.parseLong(get(name));
    }

    public double getDouble(String name) {
        return Double.parseDouble(get(name));
    }

    /** The same trial with one sizing parameter set (e.g. a further round's {@code fork}). */
    public TrialSpec withSizing(String name, String value) {
        return new TrialSpec(suite, config, sizing.toBuilder().put(name, value).build());
    }

    /** The same trial with one configuration parameter set. */
    public TrialSpec withConfig(String name, String value) {
        return new TrialSpec(suite, config.toBuilder().put(name, value).build(), sizing);
    }

    /** Command-line form: {@code suite=rtt transport=abq ... @fork=0}; sizing keys carry a leading '@'. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>();
        args.add("suite=" + suite);
        config.forEach((k, v) -> args.add(k + "=" + v));
        sizing.forEach((k, v) -> args.add("@" + k + "=" + v));
        return args;
    }

    public static TrialSpec fromArgs(List<String> args) {
        String suite = null;
        TrialProperties.Builder config = TrialProperties.builder();
        TrialProperties.Builder sizing = TrialProperties.builder();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("bad trial parameter '" + a + "'; expected name=value");
            }
            String k = a.substring(0, eq);
            String v = a.substring(eq + 1);
            if (k.equals("suite")) {
                suite = v;
            } else if (k.startsWith("@")) {
                sizing.put(k.substring(1), v);
            } else {
                config.put(k, v);
            }
        }
        if (suite == null) {
            throw new IllegalArgumentException("trial parameters name no suite");
        }
        return new TrialSpec(suite, config, sizing);
    }

    private static String abbreviate(String k) {
        return switch (k) {
            case "transport", "impl", "benchmark" -> "";
            case "producers" -> "p";
            case "burst" -> "b";
            case "wait", "thread_kind" -> "";
            case "work" -> "w";
            case "load_pct" -> "load";
            case "items" -> "n";
            default -> k;
        };
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(" ");
        j.add(suite);
        config.forEach((k, v) -> j.add(k + "=" + v));
        return j + " fork " + fork();
    }
}
