package handoff.harness.page;

import java.io.IOException;

/**
 * One part of the report: writes its text, tables and figures into the document (and, for anything long, into
 * an appendix file of the run folder through {@link Page#appendix}). Writes nothing when its data is absent.
 */
public interface Section {
    void write(Page doc) throws IOException;
}
