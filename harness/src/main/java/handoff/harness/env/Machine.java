package handoff.harness.env;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Facts about the box that decide whether a number can be trusted or compared: read from /proc and /sys,
 * each "unknown" where the file is absent (not Linux, container without /sys).
 */
public record Machine(String cpuModel, int cores, int onlineCpus, boolean smt, int numaNodes, String governor,
                      String thp, String isolcpus, String nohzFull, String virtualised, String hostname, String os,
                      Map<Integer, List<Integer>> siblings) {

    public static final String UNKNOWN = "unknown";

    public static Machine probe() {
        String cpuinfo = read("/proc/cpuinfo");
        String model = UNKNOWN;
        boolean hypervisorFlag = false;
        for (String line : cpuinfo.split("\n")) {
            if (line.startsWith("model name") && model.equals(UNKNOWN)) {
                model = line.substring(line.indexOf(':') + 1).trim();
            }
            if (line.startsWith("flags") && line.contains(" hypervisor")) {
                hypervisorFlag = true;
            }
        }
        int online = Runtime.getRuntime().availableProcessors();
        Map<Integer, List<Integer>> siblings = new LinkedHashMap<>();
        for (int cpu = 0; cpu < 4096; cpu++) {
            String list = read("/sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list").trim();
            if (list.isEmpty()) {
                if (!Files.exists(Path.of("/sys/devices/system/cpu/cpu" + cpu))) {
                    break;
                }
                continue;
            }
            siblings.put(cpu, CpuList.parse(list));
        }
        boolean smt = siblings.values().stream().anyMatch(s -> s.size() > 1);
        int cores = siblings.isEmpty() ? online : (int) siblings.values().stream().map(TreeSet::new).distinct().count();
        int numa = 0;
        try (var s = Files.list(Path.of("/sys/devices/system/node"))) {
            numa = (int) s.filter(p -> p.getFileName().toString().matches("node\\d+")).count();
        } catch (IOException | RuntimeException e) {
            numa = 0;
        }
        String governor = orUnknown(read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").trim());
        String thp = bracketed(read("/sys/kernel/mm/transparent_hugepage/enabled"));
        String isol = read("/sys/devices/system/cpu/isolated").trim();
        String nohz = read("/sys/devices/system/cpu/nohz_full").trim();
        String vendor = read("/sys/class/dmi/id/sys_vendor").trim() + " " + read("/sys/class/dmi/id/product_name").trim();
        String virt = hypervisorFlag ? "yes (" + (vendor.isBlank() ? "hypervisor flag" : vendor.trim()) + ")" : "no";
        String host = orUnknown(read("/proc/sys/kernel/hostname").trim());
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        return new Machine(model, cores, online, smt, numa == 0 ? 1 : numa, governor, thp,
                isol.isEmpty() ? "none" : isol, nohz.isEmpty() || nohz.equals("(null)") ? "none" : nohz, virt, host, os,
                siblings);
    }

    /** Pairs of listed CPUs that are SMT siblings of each other (they share a core). */
    public List<String> siblingPairs(List<Integer> cpus) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < cpus.size(); i++) {
            for (int j = i + 1; j < cpus.size(); j++) {
                List<Integer> s = siblings.get(cpus.get(i));
                if (s != null && s.contains(cpus.get(j))) {
                    out.add(cpus.get(i) + "+" + cpus.get(j));
                }
            }
        }
        return out;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu_model", cpuModel);
        m.put("cores", cores);
        m.put("online_cpus", onlineCpus);
        m.put("smt", smt);
        m.put("numa_nodes", numaNodes);
        m.put("governor", governor);
        m.put("thp", thp);
        m.put("isolcpus", isolcpus);
        m.put("nohz_full", nohzFull);
        m.put("virtualised", virtualised);
        m.put("hostname", hostname);
        m.put("os", os);
        m.put("total_memory_bytes", totalMemory());
        return m;
    }

    private static long totalMemory() {
        try {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static String bracketed(String s) {
        int a = s.indexOf('[');
        int b = s.indexOf(']');
        return a >= 0 && b > a ? s.substring(a + 1, b) : orUnknown(s.trim());
    }

    private static String orUnknown(String s) {
        return s.isEmpty() ? UNKNOWN : s;
    }

    static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
