package handoff.harness.env;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PreflightTest {
    private static Machine box(String governor, String thp, String isol, boolean smt, String virt) {
        Map<Integer, List<Integer>> siblings = smt
                ? Map.of(0, List.of(0, 4), 4, List.of(0, 4), 1, List.of(1, 5), 5, List.of(1, 5))
                : Map.of(0, List.of(0), 1, List.of(1));
        return new Machine("test cpu", smt ? 2 : 2, smt ? 4 : 2, smt, 1, governor, thp, isol, "none", virt, "h", "os", siblings);
    }

    @Test
    void aTunedBoxHasNoWarnings() {
        Machine m = box("performance", "madvise", "0-1", false, "no");
        assertThat(Preflight.warnings(m, List.of(0, 1), true, 2)).isEmpty();
        assertThat(Preflight.findings(m, List.of(0, 1), true, 2)).isEmpty();
    }

    @Test
    void everyProblemIsNamedWithItsFix() {
        Machine m = box("powersave", "always", "none", true, "yes (KVM)");
        List<String> w = Preflight.warnings(m, List.of(0, 4), true, 5);
        assertThat(w).anySatisfy(s -> assertThat(s).contains("governor is 'powersave'").contains("Fix:"));
        assertThat(w).anySatisfy(s -> assertThat(s).contains("transparent huge pages are 'always'").contains("Fix:"));
        assertThat(w).anySatisfy(s -> assertThat(s).contains("no isolated CPUs").contains("Fix:"));
        assertThat(w).anySatisfy(s -> assertThat(s).contains("SMT siblings (0+4)").contains("Fix:"));
        assertThat(w).anySatisfy(s -> assertThat(s).contains("running in a VM").contains("Fix:"));
        assertThat(w).anySatisfy(s -> assertThat(s).contains("5 threads on 2 CPU(s)").contains("Fix:"));
        assertThat(Preflight.findings(m, List.of(0, 4), true, 5)).extracting(Preflight.Finding::check)
                .containsExactly("governor", "thp", "isolated", "smt", "vm", "oversubscribed");
        assertThat(Preflight.findings(m, List.of(0, 4), false, 5)).extracting(Preflight.Finding::check).endsWith("pinned")
                .allMatch(Preflight.CHECKS::contains);
    }

    @Test
    void cpuListSyntax() {
        assertThat(CpuList.parse("0-3,8,10-11")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThatThrownBy(() -> CpuList.parse("")).hasMessageContaining("empty CPU list");
        assertThatThrownBy(() -> CpuList.parse("2-x")).hasMessageContaining("malformed CPU list '2-x'");
    }
}
