package handoff.harness.trial;

import handoff.pipelines.Pipeline;

import java.util.ArrayList;
import java.util.List;

/**
 * Workers per pipeline stage (parse, enrich, aggregate) as the command line and result rows spell it:
 * {@code N} for N workers on every stage, or {@code A:B:C} stage by stage (e.g. {@code 4:4:2}, the
 * classic blocking-pipeline shape). The id is canonical, so {@code 1:1:1} and {@code 1} are one row.
 */
public record Workers(int parse, int enrich, int aggregate) {
    public static final Workers ONE = new Workers(1, 1, 1);

    public Workers {
        if (parse < 1 || enrich < 1 || aggregate < 1) {
            throw new IllegalArgumentException("every stage needs at least one worker");
        }
    }

    /** Parses {@code N} or {@code A:B:C}; the message names the bad text and what is allowed. */
    public static Workers parse(String text) {
        String[] parts = text.trim().split(":", -1);
        String allowed = "'" + text + "' is not a workers spec; allowed: N or A:B:C (parse:enrich:aggregate), each >= 1";
        if (parts.length != 1 && parts.length != Pipeline.STAGES) {
            throw new IllegalArgumentException(allowed);
        }
        int[] n = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                n[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(allowed);
            }
            if (n[i] < 1 || n[i] > 256) {
                throw new IllegalArgumentException(allowed + " and at most 256");
            }
        }
        return parts.length == 1 ? new Workers(n[0], n[0], n[0]) : new Workers(n[0], n[1], n[2]);
    }

    /** A comma list of specs, e.g. {@code 1,4:4:2}. */
    public static List<Workers> parseList(String text) {
        List<Workers> out = new ArrayList<>();
        for (String s : text.split(",", -1)) {
            Workers w = parse(s);
            if (!out.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    public int[] toArray() {
        return new int[] {parse, enrich, aggregate};
    }

    /** Consumer threads in all: one per worker. */
    public int threads() {
        return parse + enrich + aggregate;
    }

    public int max() {
        return Math.max(parse, Math.max(enrich, aggregate));
    }

    /** {@code N} when every stage has N, else {@code A:B:C}: what result rows and file names carry. */
    public String id() {
        return parse == enrich && enrich == aggregate ? Integer.toString(parse) : parse + ":" + enrich + ":" + aggregate;
    }

    @Override
    public String toString() {
        return id();
    }

    /** For messages: the ids, comma-joined. */
    public static String ids(List<Workers> ws) {
        return String.join(",", ws.stream().map(Workers::id).toList());
    }
}
