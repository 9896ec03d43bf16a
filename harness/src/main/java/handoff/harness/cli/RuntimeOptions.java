package handoff.harness.cli;

import handoff.harness.runtime.Collector;
import handoff.harness.runtime.JdkInstall;
import handoff.harness.runtime.ThreadKind;
import handoff.harness.trial.RuntimeAxes;
import handoff.queues.Wait;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runtime options of a sweep ({@code --jdk}, {@code --gc}, {@code --threads}), validated into {@link RuntimeAxes}. */
final class RuntimeOptions {
    private RuntimeOptions() {
    }

    /**
     * {@code --jdk}, {@code --gc}, {@code --threads}: every JDK probed now (it must start and be 17+), Shenandoah
     * looked for in each JDK only when asked for, and virtual threads with nothing but busy-waiting refused.
     */
    static RuntimeAxes parse(String jdks, String gcs, String threadKinds, String waits, List<Wait> waitList) {
        List<JdkInstall> jdkList = jdks == null ? List.of() : OptionLists.list("--jdk", jdks, JdkInstall::resolve);
        Map<String, Path> homes = new LinkedHashMap<>();
        for (JdkInstall j : jdkList) {
            Path earlier = homes.putIfAbsent(j.label(), j.home());
            if (earlier != null) {
                throw new Main.BadInput("--jdk '" + jdks + "' names JDK " + j.label() + " twice (" + earlier + ", " + j.home()
                        + "); allowed: each JDK feature version once");
            }
        }
        List<Collector> gcList = gcs == null ? List.of() : OptionLists.list("--gc", gcs, Collector::parse);
        List<ThreadKind> kinds = threadKinds == null ? List.of() : OptionLists.list("--threads", threadKinds, ThreadKind::parse);
        if (kinds.equals(List.of(ThreadKind.VIRTUAL)) && !waitList.isEmpty() && waitList.stream().allMatch(RuntimeAxes::spinsOnVirtual)) {
            throw new Main.BadInput("--threads virtual --wait " + waits + ": busy-waiting on a virtual thread is refused (it holds its"
                    + " carrier thread); allowed with virtual threads: --wait block (Flow: its own executor)");
        }
        Map<String, Boolean> shenandoah = new LinkedHashMap<>();
        if (gcList.contains(Collector.SHENANDOAH)) {
            for (JdkInstall j : jdkList.isEmpty() ? List.of(JdkInstall.current()) : jdkList) {
                shenandoah.put(j.label(), j.accepts(Collector.SHENANDOAH.flags(j.feature())));
            }
        }
        return new RuntimeAxes(jdkList, gcList, kinds, shenandoah);
    }

}
