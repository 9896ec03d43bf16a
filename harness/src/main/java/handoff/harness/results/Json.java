package handoff.harness.results;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Every JSON file of a run (manifest.json, summary.json, the verdict JSON; JMH's output read back) goes through
 * Jackson here, so what is written is valid JSON (RFC 8259) and what is read keeps its types.
 *
 * <ul>
 *   <li><b>Unknown is empty:</b> a number that is not finite (NaN, ±Infinity: a ratio of nothing, a mean of no
 *       sample) is written as {@code null}, never as a bare token no JSON reader accepts.</li>
 *   <li><b>Integers stay integers:</b> an integral number reads back as a {@link Long} (a {@link BigInteger} past
 *       its range), a decimal as a {@link Double}; a reader that wants a count takes any {@link Number}, because
 *       files of older harnesses wrote counts as {@code 198.0}.</li>
 *   <li><b>Tolerant reading:</b> bare NaN/Infinity tokens (older harnesses, some JMH fields) read as doubles.</li>
 * </ul>
 * Parsed objects are insertion-ordered maps (the report lists machine facts in the order the harness wrote them),
 * arrays lists. A parse failure is an {@link IllegalArgumentException} naming where; callers treat it as
 * "unreadable" rather than aborting.
 */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                    .addDecorator((factory, g) -> new FiniteOrNull(g))
                    .build())
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .defaultPrettyPrinter(prettyPrinter())
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Json() {
    }

    /** Maps, lists, strings, {@link Long}s and {@link Double}s, booleans and null, as the text holds them. */
    public static Object parse(String text) {
        try {
            return MAPPER.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("JSON: " + e.getOriginalMessage() + " at offset " + e.getLocation().getCharOffset(), e);
        }
    }

    /** The text's top-level object as a tree to read and modify (the manifest); not an object is an error. */
    public static ObjectNode object(String text) {
        JsonNode n;
        try {
            n = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("JSON: " + e.getOriginalMessage() + " at offset " + e.getLocation().getCharOffset(), e);
        }
        if (n instanceof ObjectNode o) {
            return o;
        }
        throw new IllegalArgumentException("JSON: not an object but " + (n == null ? "nothing" : n.getNodeType()));
    }

    /** An empty object to fill. */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /**
     * A value as a tree: maps become objects (key order kept), collections arrays, a number that is not finite null,
     * a {@link JsonNode} stays itself, anything else (a path, an enum) its {@code toString()}.
     */
    public static JsonNode tree(Object v) {
        if (v == null) {
            return NODES.nullNode();
        }
        if (v instanceof JsonNode n) {
            return n;
        }
        if (v instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? NODES.numberNode(d) : NODES.nullNode();
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return NODES.numberNode(((Number) v).longValue());
        }
        if (v instanceof BigInteger b) {
            return NODES.numberNode(b);
        }
        if (v instanceof BigDecimal b) {
            return NODES.numberNode(b);
        }
        if (v instanceof Map<?, ?> map) {
            ObjectNode o = NODES.objectNode();
            map.forEach((k, x) -> o.set(String.valueOf(k), tree(x)));
            return o;
        }
        if (v instanceof Collection<?> list) {
            ArrayNode a = NODES.arrayNode();
            list.forEach(x -> a.add(tree(x)));
            return a;
        }
        return NODES.textNode(v.toString());
    }

    /** Indented rendering (two spaces, one value a line, {@code "key": value}) ending in a newline; see {@link #tree}. */
    public static String write(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree(value)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** The same JSON on one line without spaces: the shortest text of a value (the manifest's last word on a full disk). */
    public static String compact(Object value) {
        try {
            return MAPPER.writeValueAsString(tree(value)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Compact one-line rendering for a reader, echoing manifest values into the report: {@code {"a": 1, "b": [2, 3]}};
     * a double that holds an integer (a count an older harness wrote as {@code 4.0}) shows as the integer.
     */
    public static String inline(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
        if (v instanceof Double d) {
            return d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : Double.toString(d);
        }
        if (v instanceof Map<?, ?> m) {
            StringBuilder b = new StringBuilder("{");
            m.forEach((k, x) -> b.append(b.length() > 1 ? ", " : "").append(inline(String.valueOf(k))).append(": ").append(inline(x)));
            return b.append('}').toString();
        }
        if (v instanceof List<?> l) {
            StringBuilder b = new StringBuilder("[");
            l.forEach(x -> b.append(b.length() > 1 ? ", " : "").append(inline(x)));
            return b.append(']').toString();
        }
        return String.valueOf(v);
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter lines = new DefaultIndenter("  ", "\n");
        Separators s = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(s).withObjectIndenter(lines).withArrayIndenter(lines);
    }

    /** Whatever writes through {@link #MAPPER}, a tree built elsewhere included: a number that is not finite goes out as null. */
    private static final class FiniteOrNull extends JsonGeneratorDelegate {
        FiniteOrNull(JsonGenerator g) {
            super(g, true);
        }

        @Override
        public void writeNumber(double v) throws IOException {
            if (Double.isFinite(v)) {
                super.writeNumber(v);
            } else {
                writeNull();
            }
        }

        @Override
        public void writeNumber(float v) throws IOException {
            if (Float.isFinite(v)) {
                super.writeNumber(v);
            } else {
                writeNull();
            }
        }
    }
}
