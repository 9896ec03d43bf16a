package handoff.harness.gate;

import handoff.harness.page.RunData;
import handoff.harness.page.TextLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Each run sorts in its own transport order: loading run B changes nothing about how run A sorts (nor the build's order). */
class CompareOrderTest {
    @Test
    void loadingAnotherRunDoesNotReorderThisOne(@TempDir Path tmp) throws Exception {
        List<String> registry = List.copyOf(RunData.TRANSPORT_ORDER);
        RunData a = RunData.load(FakeRun.make(tmp.resolve("a"), FakeRun.standard(), "lbq", "abq", "clq"));
        List<TextLine> rows = a.ok("pipeline.csv");
        assertThat(a.inOrder(rows).stream().map(r -> r.get("transport"))).containsExactly("lbq", "abq", "clq");

        RunData b = RunData.load(FakeRun.make(tmp.resolve("b"), FakeRun.standard(), "clq", "abq", "lbq"));
        assertThat(b.inOrder(b.ok("pipeline.csv")).stream().map(r -> r.get("transport"))).containsExactly("clq", "abq", "lbq");
        assertThat(a.inOrder(rows).stream().map(r -> r.get("transport"))).as("run A after loading run B").containsExactly("lbq", "abq", "clq");
        assertThat(RunData.TRANSPORT_ORDER).as("the build's order is not a run's").isEqualTo(registry);

        // compare lists rows in run A's order, whichever run is loaded last
        Comparer ab = new Comparer(a, b);
        assertThat(ab.lines.stream().filter(l -> l.file.file().equals("pipeline.csv")).map(l -> l.config.split(" ")[0]))
                .containsExactly("transport=lbq", "transport=abq", "transport=clq");
        Comparer ba = new Comparer(b, a);
        assertThat(ba.lines.stream().filter(l -> l.file.file().equals("pipeline.csv")).map(l -> l.config.split(" ")[0]))
                .containsExactly("transport=clq", "transport=abq", "transport=lbq");
    }

    @Test
    void aRunWithoutTraitsSortsInTheRegistryOrder(@TempDir Path tmp) throws Exception {
        RunData r = RunData.load(FakeRun.make(tmp.resolve("r"), Map.of("pipeline.csv", FakeRun.PIPELINE)));
        assertThat(r.order()).isEqualTo(RunData.TRANSPORT_ORDER);
        assertThat(r.inOrder(r.ok("pipeline.csv")).stream().map(x -> x.get("transport"))).containsExactly("abq", "lbq", "clq");
    }
}
