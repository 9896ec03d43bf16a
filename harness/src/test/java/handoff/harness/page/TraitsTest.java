package handoff.harness.page;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Ids that are not transports (the echo suite's inline and blocking servers) still get a colour each. */
class TraitsTest {
    @Test
    void idsOutsideTheRegistryAreOrderedAsMetAndColouredApart() {
        Traits t = Traits.fromRegistry();
        int known = t.order().size();
        assertThat(t.rank("inline")).isEqualTo(known);
        assertThat(t.rank("blocking")).isEqualTo(known + 1);
        assertThat(t.rank("inline")).as("stable once met").isEqualTo(known);
        assertThat(t.colour("inline")).isNotEqualTo(t.colour("blocking"));
        assertThat(t.rank("abq")).isEqualTo(t.order().indexOf("abq"));
    }
}
