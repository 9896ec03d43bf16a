package handoff.harness.runtime;

import handoff.queues.ThreadSource;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;

/**
 * Platform or virtual stage and consumer threads ({@code --threads}). The build targets release 17, so
 * virtual threads (JDK 21+) are made through {@code Thread.ofVirtual()} found at run time; the trial JVM
 * learns the kind from a system property that its JMH forks get too.
 */
public enum ThreadKind {
    PLATFORM, VIRTUAL;

    /** System property carrying the kind into a trial JVM and its JMH forks. */
    public static final String PROPERTY = "handoff.threads";
    /** {@code Thread.ofVirtual().name(role).unstarted(body)}, or null on a JDK without virtual threads. */
    private static final MethodHandle[] VIRTUAL_BUILDER = virtualBuilder();

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ThreadKind parse(String s) {
        for (ThreadKind k : values()) {
            if (k.id().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("--threads '" + s + "' is not known; allowed: platform, virtual");
    }

    /** The kind this JVM was started with (platform when the property is absent). */
    public static ThreadKind ofThisJvm() {
        return parse(System.getProperty(PROPERTY, "platform"));
    }

    /** Whether this JVM can make virtual threads (JDK 21+). */
    public static boolean virtualAvailable() {
        return VIRTUAL_BUILDER != null;
    }

    /** A new unstarted thread of this kind; platform threads are daemons, virtual threads always are. */
    public Thread newThread(String role, Runnable body) {
        if (this == PLATFORM) {
            return ThreadSource.DAEMON.newThread(role, body);
        }
        if (VIRTUAL_BUILDER == null) {
            throw new IllegalStateException("virtual threads need JDK 21 or newer; this JVM is " + Runtime.version());
        }
        try {
            Object builder = VIRTUAL_BUILDER[0].invoke();
            builder = VIRTUAL_BUILDER[1].invoke(builder, role);
            return (Thread) VIRTUAL_BUILDER[2].invoke(builder, body);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make a virtual thread: " + e, e);
        }
    }

    /** Stage threads of this JVM's kind, for a pipeline's {@code threads(...)}. */
    public static ThreadSource stageThreads() {
        ThreadKind k = ofThisJvm();
        return k::newThread;
    }

    private static MethodHandle[] virtualBuilder() {
        try {
            MethodHandles.Lookup l = MethodHandles.publicLookup();
            Class<?> builder = Class.forName("java.lang.Thread$Builder");
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            return new MethodHandle[] {
                    l.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtual)),
                    l.findVirtual(ofVirtual, "name", MethodType.methodType(ofVirtual, String.class)),
                    l.findVirtual(builder, "unstarted", MethodType.methodType(Thread.class, Runnable.class))};
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
