package handoff.harness.page;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Whether the figure tests can run: gnuplot installed. Where it is not, a test that draws skips on a developer's box,
 * and fails under {@code CI=true}, which installs gnuplot first (.ci/run): a broken install step must not hide them.
 */
public final class Gnuplot {
    private Gnuplot() {
    }

    /** Skips the calling test where gnuplot is missing; fails it there under CI=true. */
    public static void required() {
        if (runs()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI=true and gnuplot does not run: the CI's install step failed, and the figure tests would be skipped");
        }
        assumeTrue(false, "gnuplot not installed (under CI=true this fails)");
    }

    public static boolean runs() {
        try {
            Process p = new ProcessBuilder("gnuplot", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
