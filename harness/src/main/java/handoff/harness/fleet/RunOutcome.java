package handoff.harness.fleet;

import java.util.List;

/**
 * One run as the study across boxes reads it: its facts and the verdicts it made ({@link RunVerdict}). A run folder and
 * a fleet database give the same verdicts, so the study repeats both alike.
 *
 * @param facts    the run's facts
 * @param verdicts the verdicts its report makes on the declared questions, in its order
 */
public record RunOutcome(RunFacts facts, List<RunVerdict> verdicts) {
    public RunOutcome {
        verdicts = List.copyOf(verdicts);
    }

    /** Its verdicts on one question. */
    List<RunVerdict> on(String question) {
        return verdicts.stream().filter(v -> v.question().equals(question)).toList();
    }
}
