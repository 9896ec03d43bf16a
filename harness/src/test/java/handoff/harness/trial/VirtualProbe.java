package handoff.harness.trial;

import handoff.harness.meters.TrialThreads;
import handoff.harness.runtime.ThreadKind;

/** Run in a JVM with {@code -Dhandoff.threads=virtual}: prints whether stage, consumer and producer threads are virtual. */
public final class VirtualProbe {
    private VirtualProbe() {
    }

    public static void main(String[] args) throws Exception {
        Thread stage = ThreadKind.stageThreads().newThread("parse-0", () -> { });
        TrialThreads threads = new TrialThreads(java.util.List.of());
        Thread consumer = threads.newThread("consumer-0", () -> { });
        Thread producer = threads.newThread("producer-0", () -> { });
        java.lang.reflect.Method isVirtual = Thread.class.getMethod("isVirtual");
        System.out.println("stage virtual=" + isVirtual.invoke(stage) + " consumer virtual=" + isVirtual.invoke(consumer)
                + " producer virtual=" + isVirtual.invoke(producer));
    }
}
