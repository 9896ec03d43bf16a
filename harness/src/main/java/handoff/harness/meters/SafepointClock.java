package handoff.harness.meters;

import handoff.harness.runtime.JvmOptions;
import java.lang.reflect.Method;

/**
 * Total time the JVM spent in safepoints (GC pauses included, and every other stop-the-world operation:
 * deoptimisation, biased-lock revocation, thread dumps), from HotSpot's internal runtime MBean. It lives
 * in {@code sun.management}, which a trial JVM opens with {@code --add-exports
 * java.management/sun.management=ALL-UNNAMED} ({@link JvmOptions#OPENS}); elsewhere (another JVM, no export)
 * it is not available and the column stays empty.
 */
public final class SafepointClock {
    private static final Object BEAN = bean();
    private static final Method TOTAL = BEAN == null ? null : lookup();

    private SafepointClock() {
    }

    private static Object bean() {
        try {
            return Class.forName("sun.management.ManagementFactoryHelper").getMethod("getHotspotRuntimeMBean").invoke(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // not exported to us, or not HotSpot
        }
    }

    private static Method lookup() {
        try {
            Method m = Class.forName("sun.management.HotspotRuntimeMBean").getMethod("getTotalSafepointTime");
            m.invoke(BEAN);
            return m;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // not exported to us, or not HotSpot
        }
    }

    public static boolean available() {
        return TOTAL != null;
    }

    /** Milliseconds spent in safepoints since the JVM started, or -1 when not available. */
    public static long totalMillis() {
        if (TOTAL == null) {
            return -1;
        }
        try {
            return ((Number) TOTAL.invoke(BEAN)).longValue();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }
}
