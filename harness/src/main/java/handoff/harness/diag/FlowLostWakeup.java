package handoff.harness.diag;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shows, with JDK classes only, why a {@code flow} trial can fail with "stuck: 1 items never arrived":
 * one thread submits batches of 5,000 items to a {@link SubmissionPublisher} whose single subscriber runs
 * on a single-thread executor and requests everything up front, then waits until the subscriber has
 * counted them all. Now and then the last item of a batch stays in the subscriber's buffer (publisher lag
 * 1) with no consumer task scheduled, and nothing delivers it until the next submit. No harness code is
 * involved, so a stuck {@code flow} row is the JDK's hand-off, reported as a failure rather than hidden.
 *
 * <p>Seen on this project's 2-vCPU VM on JDK 17.0.15 and 25.0.3, after between a few thousand and a few
 * tens of thousands of batches. Usage: {@code java -cp harness/target/handoff.jar
 * handoff.harness.diag.FlowLostWakeup [seconds]}; exit code 1 when an item was stranded, 0 when none was
 * within the time given.
 */
public final class FlowLostWakeup {
    private static final int BATCH = 5_000;
    private static final long STRANDED_NS = TimeUnit.SECONDS.toNanos(5);

    private FlowLostWakeup() {
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "subscriber");
            t.setDaemon(true);
            return t;
        });
        SubmissionPublisher<Object> publisher = new SubmissionPublisher<>(executor, 1024);
        AtomicLong received = new AtomicLong();
        publisher.subscribe(new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription s) {
                s.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(Object item) {
                received.incrementAndGet();
            }

            @Override
            public void onError(Throwable t) {
                t.printStackTrace();
            }

            @Override
            public void onComplete() {
            }
        });
        Object item = new Object();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long sent = 0;
        long batches = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < BATCH; i++) {
                publisher.submit(item);
            }
            sent += BATCH;
            batches++;
            long since = System.nanoTime();
            while (received.get() < sent) {
                if (System.nanoTime() - since > STRANDED_NS) {
                    System.out.printf("stranded after %,d batches: %d item(s) not delivered for %d s, publisher lag %d%n",
                            batches, sent - received.get(), TimeUnit.NANOSECONDS.toSeconds(STRANDED_NS),
                            publisher.estimateMaximumLag());
                    System.exit(1);
                }
                Thread.sleep(0, 50_000);
            }
        }
        System.out.printf("no item stranded in %,d batches (%d s)%n", batches, seconds);
        publisher.close();
        executor.shutdown();
    }
}
