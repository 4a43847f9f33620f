// How far a second reader of the spec agrees with a set's writer (issue 11 point 8: the labels' own agreement).
// A second reader labelled the set's calls from the spec and the conventions alone, shuffled and without the writer's
// labels, ids or file names (scripts/eval/agreement/README.md); this prints type agreement per class and the tags'
// recall and precision with the writer's labels taken as truth.
//   npm run eval:agreement [-- <set> …]   (every set with a second reader's labels when none is named)
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CALL_TYPES } from '../domain/interaction/interaction.schema';
import { loadEvalSet } from './eval/eval-call.schema';

interface SecondReading {
  callType: string;
  tags: string[];
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}%`;

function agreement(set: string) {
  const calls = loadEvalSet(join(__dirname, 'eval', set));
  const second = JSON.parse(readFileSync(join(__dirname, 'eval', 'agreement', `${set}.second-reader.json`), 'utf8')) as Record<string, SecondReading>;
  let same = 0;
  let tp = 0;
  let fn = 0;
  let fp = 0;
  const perClass = new Map<string, { n: number; same: number; other: Map<string, number> }>();
  for (const call of calls) {
    const reading = second[call.id];
    if (!reading) throw new Error(`${set}: the second reader has no label for ${call.id}`);
    const writer = call.expected.callType;
    const row = perClass.get(writer) ?? { n: 0, same: 0, other: new Map() };
    row.n++;
    if (reading.callType === writer) {
      same++;
      row.same++;
    } else row.other.set(reading.callType, (row.other.get(reading.callType) ?? 0) + 1);
    perClass.set(writer, row);
    const mine = new Set(reading.tags);
    for (const tag of call.expected.tags)
      if (mine.has(tag)) tp++;
      else fn++;
    const writers = new Set<string>(call.expected.tags);
    for (const tag of mine) if (!writers.has(tag)) fp++;
  }
  console.log(`${set}: ${calls.length} calls, type agreement ${same}/${calls.length} = ${pct(same, calls.length)}`);
  for (const type of CALL_TYPES) {
    const row = perClass.get(type);
    if (!row) continue;
    const other = [...row.other].map(([t, n]) => `${t} ${n}`).join(', ');
    console.log(`  ${type.padEnd(10)} ${pct(row.same, row.n).padStart(6)} of ${row.n}${other ? ` (second reader: ${other})` : ''}`);
  }
  console.log(`  tags, the writer's as truth: recall ${pct(tp, tp + fn)}, precision ${pct(tp, tp + fp)}`);
  return { same, total: calls.length };
}

const sets = process.argv.slice(2);
const read = readdirSync(join(__dirname, 'eval', 'agreement'))
  .filter((f) => f.endsWith('.second-reader.json'))
  .map((f) => f.slice(0, -'.second-reader.json'.length))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const totals = (sets.length > 0 ? sets : read).map(agreement);
const same = totals.reduce((s, t) => s + t.same, 0);
const total = totals.reduce((s, t) => s + t.total, 0);
console.log(`all: ${same}/${total} = ${pct(same, total)}`);
