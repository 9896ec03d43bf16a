package handoff.harness.sweep;

/**
 * Runs in a trial JVM: ends it once the sweep that started it is gone. A sweep that is stopped (SIGTERM,
 * SIGHUP, Ctrl-C) ends its trial itself; one killed hard (SIGKILL, the OOM killer) cannot, and without this
 * its trial would go on spinning on the CPUs until its own end, long after anyone reads its result.
 *
 * <p>Watches this process's parent pid from a daemon thread: the kernel re-parents a process the moment its
 * parent dies (to init or a sub-reaper), before the dead parent is even reaped, so a changed parent pid is
 * proof, with no window for a recycled pid to pass for the sweep.
 */
public final class ParentWatch {
    /** How often the parent is looked at: the trial is gone within this (plus a JVM halt) of its sweep. */
    static final long POLL_MS = 500;
    /** The exit code of a trial that ended because its sweep was gone (no one is left to read it). */
    static final int ORPHANED = 3;
    /** The system property by which the sweep gives a trial JVM its own pid. */
    public static final String PROPERTY = "handoff.sweep.pid";

    private ParentWatch() {
    }

    /**
     * Starts watching when {@value #PROPERTY} is set (a trial JVM of a sweep); does nothing otherwise. Called
     * first thing in main: a trial JVM whose sweep died while it started up ends as soon as it runs any code.
     */
    public static void startIfAsked() {
        String pid = System.getProperty(PROPERTY);
        if (pid != null) {
            start(Long.parseLong(pid));
        }
    }

    /** Starts watching {@code sweepPid}; a trial whose parent is already not that process ends at once. */
    static void start(long sweepPid) {
        if (parentPid() != sweepPid) {
            orphaned(sweepPid);
        }
        Thread t = new Thread(() -> {
            try {
                while (parentPid() == sweepPid) {
                    Thread.sleep(POLL_MS);
                }
            } catch (InterruptedException e) {
                return; // only at JVM exit
            }
            orphaned(sweepPid);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static long parentPid() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L);
    }

    /** Takes anything this trial started (JMH forks) along, then halts: no shutdown hook, no result file. */
    private static void orphaned(long sweepPid) {
        System.err.println("trial: its sweep (pid " + sweepPid + ") is gone; stopping");
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        Runtime.getRuntime().halt(ORPHANED);
    }
}
