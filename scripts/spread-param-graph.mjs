// Rewrites the generated Prisma client's parameterization graph (api/src/generated/prisma/
// internal/class.ts) so that it takes about 2.5 MB of the server's heap instead of 17.
//
// The client decodes the graph once per PrismaClient (@prisma/param-graph's Deserializer) into
// one object per input and output node whose keys are indices into the graph's string table:
// `edges[fieldIndex] = edge`. V8 stores such integer keys as an array as long as the highest
// index: with our schema's ~960 strings, each of the ~3,500 nodes held an array of up to 960
// slots for its few edges (16.9 MB of the idle heap was those arrays). An object whose first
// integer key is past V8's gap of 1,024 gets a dictionary instead, sized to its own keys. So
// the string table gets SPREAD unused entries in front and every index in the graph moves up
// by as many: the same graph, looked up by the same names (a dictionary lookup costs about
// 20 ns more than an array's, per field of a query's arguments).
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';

/** Past V8's kMaxGap (1,024), with room: a dictionary turns back to an array only when dense. */
const SPREAD = 2048;

const STRINGS =
  /(config\.parameterizationSchema = \{\n {2}strings: JSON\.parse\()("(?:[^"\\]|\\.)*")(\),\n {2}graph: ")([A-Za-z0-9_-]*)("\n\})/;

class Reader {
  offset = 0;
  constructor(bytes) {
    this.bytes = bytes;
  }
  varuint() {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = this.bytes[this.offset++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte >= 0x80);
    return value;
  }
  u8() {
    return this.bytes[this.offset++];
  }
  u16() {
    const value = this.bytes[this.offset] | (this.bytes[this.offset + 1] << 8);
    this.offset += 2;
    return value;
  }
}

class Writer {
  bytes = [];
  varuint(value) {
    while (value >= 0x80) {
      this.bytes.push((value & 0x7f) | 0x80);
      value = Math.floor(value / 128);
    }
    this.bytes.push(value);
  }
  u8(value) {
    this.bytes.push(value);
  }
  u16(value) {
    this.bytes.push(value & 0xff, value >> 8);
  }
}

/**
 * The graph (base64url, the layout @prisma/param-graph's serialization.ts describes) with every
 * string index plus `shift`. Optional indices are stored as value + 1, 0 meaning none.
 */
function shiftGraph(graph, shift) {
  const input = new Reader(Buffer.from(graph, 'base64url'));
  const output = new Writer();
  const copy = () => output.varuint(input.varuint());
  const index = () => output.varuint(input.varuint() + shift);
  const optionalIndex = () => {
    const value = input.varuint();
    output.varuint(value === 0 ? 0 : value + shift);
  };
  const inputNodes = input.varuint();
  const outputNodes = input.varuint();
  const roots = input.varuint();
  output.varuint(inputNodes);
  output.varuint(outputNodes);
  output.varuint(roots);
  for (let node = 0; node < inputNodes; node++) {
    const edges = input.varuint();
    output.varuint(edges);
    for (let edge = 0; edge < edges; edge++) {
      index(); // field name
      output.u16(input.u16()); // scalar mask
      copy(); // child node
      optionalIndex(); // enum name
      output.u8(input.u8()); // flags
    }
  }
  for (let node = 0; node < outputNodes; node++) {
    const edges = input.varuint();
    output.varuint(edges);
    for (let edge = 0; edge < edges; edge++) {
      index(); // field name
      copy(); // arguments node
      copy(); // output node
    }
  }
  for (let root = 0; root < roots; root++) {
    index(); // "Model.action"
    copy();
    copy();
  }
  if (input.offset !== input.bytes.length) throw new Error('trailing bytes');
  return Buffer.from(output.bytes).toString('base64url');
}

/** Spreads the graph of the generated client at `file`; a no-op on one already spread. */
export function spreadParamGraph(file) {
  const text = readFileSync(file, 'utf8');
  const match = STRINGS.exec(text);
  if (!match) {
    throw new Error(
      `${file}: no parameterizationSchema in the expected form (did Prisma change its output? see scripts/spread-param-graph.mjs)`,
    );
  }
  const strings = JSON.parse(JSON.parse(match[2]));
  if (strings.length >= SPREAD && strings.slice(0, SPREAD).every((s) => s === '')) return;
  // The layout must be the one read here: re-encoding without a shift gives the same bytes.
  if (shiftGraph(match[4], 0) !== match[4]) {
    throw new Error(`${file}: the parameterization graph's layout is not the one expected`);
  }
  const spread = [...Array(SPREAD).fill(''), ...strings];
  writeFileSync(
    file,
    text.replace(
      STRINGS,
      (_all, before, _strings, middle, _graph, after) =>
        `${before}${JSON.stringify(JSON.stringify(spread))}${middle}${shiftGraph(match[4], SPREAD)}${after}`,
    ),
  );
}
