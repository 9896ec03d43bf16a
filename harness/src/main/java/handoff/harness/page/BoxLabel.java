package handoff.harness.page;

/**
 * The machine a number comes from, named the way the report labels it: short ("16 CPUs", beside a verdict) and at
 * a glance ("16-vCPU Intel Xeon VM, JDK 17.0.15", a heading), both from the run's manifest.
 */
public record BoxLabel(String cpus, String label) {

    public static BoxLabel of(RunData run) {
        Manifest m = run.manifest;
        String n = Manifest.UNKNOWN.equals(m.str("machine.online_cpus")) ? m.str("machine.cores") : m.str("machine.online_cpus");
        boolean vm = m.str("machine.virtualised").startsWith("yes");
        String model = m.str("machine.cpu_model").replace("(R)", "").replace("(TM)", "").replaceAll("\\s+(Processor|CPU).*$", "")
                .replaceAll("\\s+", " ").trim();
        String jdk = m.str("jvm.version").replaceAll("[+-].*$", "");
        return new BoxLabel(n + " CPUs", n + "-" + (vm ? "vCPU " : "CPU ") + model + (vm ? " VM" : "") + ", JDK " + jdk);
    }
}
