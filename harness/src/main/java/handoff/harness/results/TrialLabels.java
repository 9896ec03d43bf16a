package handoff.harness.results;

import java.util.List;
import java.util.function.Function;

/**
 * Which trial a line of {@code latency-over-time.csv}, {@code spikes.csv} or {@code jitter.csv} belongs to: the
 * trial's parameters as its {@code trials/<key>.properties} holds them (null where the trial has none), read once,
 * and its key. The first eleven columns of those files ({@link #columns}).
 */
public record TrialLabels(String suite, String transport, Integer producers, Integer burst, String waitStrategy,
                          String producerModel, String messages, Integer work, Integer loadPct, Integer fork,
                          String trialKey) {
    /** The labels of trial {@code key} from its cells ({@code cell} gives null for a cell the trial has not). */
    static TrialLabels read(String key, Function<String, String> cell) {
        return new TrialLabels(cell.apply("suite"), cell.apply("transport"), integer(cell.apply("producers")),
                integer(cell.apply("burst")), cell.apply("wait"), cell.apply("producer_model"), cell.apply("messages"),
                integer(cell.apply("work")), integer(cell.apply("load_pct")), integer(cell.apply("fork")), key);
    }

    /** The columns, for a file whose row {@code R} has labels. */
    static <R> List<Column<R>> columns(Function<R, TrialLabels> labels) {
        return List.of(
                Column.<R>of("suite", "", "the suite that ran the trial.", r -> text(labels.apply(r).suite())),
                Column.<R>of("transport", "", "the transport's id.", r -> text(labels.apply(r).transport())),
                Column.<R>of("producers", "threads", "producer threads.", r -> text(labels.apply(r).producers())),
                Column.<R>of("burst", "messages", "RTT: messages per round trip.", r -> text(labels.apply(r).burst())),
                Column.<R>of("wait", "", "the wait strategy.", r -> text(labels.apply(r).waitStrategy())),
                Column.<R>of("producer_model", "", "`sp` or `mp` where the trial has it.",
                        r -> text(labels.apply(r).producerModel())),
                Column.<R>of("messages", "", "RTT: the message model (`pooled`: pre-made immutable messages passed by reference).", r -> text(labels.apply(r).messages())),
                Column.<R>of("work", "rounds", "open loop: rounds of work per stage and event.", r -> text(labels.apply(r).work())),
                Column.<R>of("load_pct", "%", "open loop: the offered load.", r -> text(labels.apply(r).loadPct())),
                Column.<R>of("fork", "", "the trial's fork (its JVM) within its configuration.",
                        r -> text(labels.apply(r).fork())),
                Column.<R>of("trial_key", "", "the trial's key: its files are `hlog/<trial_key>.*` and `logs/<trial_key>.*`.",
                        r -> labels.apply(r).trialKey()));
    }

    private static Integer integer(String cell) {
        return cell == null || cell.isEmpty() ? null : Integer.valueOf(cell);
    }

    private static String text(Object v) {
        return v == null ? "" : v.toString();
    }
}
