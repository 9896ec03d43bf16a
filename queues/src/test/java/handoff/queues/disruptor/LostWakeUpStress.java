package handoff.queues.disruptor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link WaitStrategyChecks#noWakeUpIsLost} in a JVM of its own that only interprets ({@code -Xint}).
 * A lost wake-up needs a publish to fall between a waiter's unlocked look at the cursor and its taking
 * of the lock: a few nanoseconds once C2 has compiled the strategy, so the compiled check caught the
 * mutant only about once per 500k hand-offs on a 2-CPU box, and not at all in some runs of 300k. The
 * interpreter widens that gap (as jcstress's interpreter mode does for its actors): the same check then
 * caught it within about 1,500 hand-offs in every one of 10 runs. A correct strategy passes either way.
 *
 * <p>Run by {@link MutantCheckTest}; by hand: {@code java -Xint -cp <test class path>
 * handoff.queues.disruptor.LostWakeUpStress production|mutant <hand-offs> <rounds> <stall ms>}. Exit
 * status 0: every round passed; {@value #LOST}: a lost wake-up was found; anything else: it broke.
 */
final class LostWakeUpStress {
    static final int LOST = 3;

    private LostWakeUpStress() {
    }

    public static void main(String[] args) throws InterruptedException {
        Supplier<WaitStrategy> strategy = switch (args[0]) {
            case "production" -> BlockingWaitStrategy::new;
            case "mutant" -> MutantBlockingWaitStrategy::new;
            default -> throw new IllegalArgumentException("'" + args[0] + "': production or mutant");
        };
        long handoffs = Long.parseLong(args[1]);
        int rounds = Integer.parseInt(args[2]);
        long stallMillis = Long.parseLong(args[3]);
        for (int round = 1; round <= rounds; round++) {
            try {
                WaitStrategyChecks.noWakeUpIsLost(strategy, handoffs, stallMillis);
            } catch (AssertionError lost) {
                System.out.println("round " + round + ": " + lost.getMessage());
                System.exit(LOST);
            }
            System.out.println("round " + round + ": " + handoffs + " hand-offs, no wake-up lost");
        }
    }

    /** Runs it in a child JVM on this JVM's class path; its exit status, its output in {@code output}. */
    static int runInterpreted(String which, long handoffs, int rounds, long stallMillis, StringBuilder output)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xint", "-cp", System.getProperty("java.class.path"),
                LostWakeUpStress.class.getName(), which, Long.toString(handoffs), Integer.toString(rounds),
                Long.toString(stallMillis)))
                .redirectErrorStream(true).start();
        output.append(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the stress JVM did not end: " + output);
        }
        return process.exitValue();
    }
}
