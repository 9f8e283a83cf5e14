// The guide's text layout against the length of the text: wrapText on a word without a space
// (the worst case: every line is cut at characters) and on ordinary words, at 1,000 to 64,000
// characters, and layoutGuide of the longest local rules (8,000 characters) and back page (4,000)
// without a space. Linear time doubles with the length; the cut that measured every prefix anew
// was cubic (83 s for those local rules). Target: the local rules under 100 ms. Prints figures;
// asserts nothing.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const LOCAL_RULES_TARGET_MS = 100;
const RUNS = 5;
const from = import.meta.url;
const [{ wrapText }, { layoutGuide }, { demoGuideInput }] = await Promise.all([
  tsImport('../packages/contract/src/print/text.ts', from),
  tsImport('../packages/contract/src/print/layout.ts', from),
  tsImport('../packages/contract/src/print/demo-guide.test-support.ts', from),
]);

const LETTERS = 'WiÆøåÖmlæ';
const word = (n) => Array.from({ length: n }, (_, i) => LETTERS[(i * 7) % LETTERS.length]).join('');
const words = (n) => Array.from({ length: Math.ceil(n / 8) }, (_, i) => `ord${i % 97}æø`).join(' ').slice(0, n);

/** The least time of RUNS runs, in milliseconds. */
function least(fn) {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

// Warm the code up before timing.
for (let i = 0; i < 5; i++) wrapText(word(4000), 8.5, 270);

console.log('characters | one word (ms) | x previous | words (ms) | x previous');
let previous = null;
for (const n of [1000, 2000, 4000, 8000, 16000, 32000, 64000]) {
  const long = word(n);
  const text = words(n);
  const a = least(() => wrapText(long, 8.5, 270));
  const b = least(() => wrapText(text, 8.5, 270));
  const ratio = (x, y) => (y ? (x / y).toFixed(2) : '–');
  console.log(`${String(n).padStart(10)} | ${a.toFixed(2).padStart(13)} | ${ratio(a, previous?.a).padStart(10)} | ${b.toFixed(2).padStart(10)} | ${ratio(b, previous?.b).padStart(10)}`);
  previous = { a, b };
}

const input = demoGuideInput({
  pages: { frontPage: false, welcome: false, overview: false, holes: false, handicapTables: false, localRules: true, backPage: true },
  localRules: { title: '', text: word(8000) },
  backPage: { title: '', text: word(4000) },
});
const ms = least(() => layoutGuide(input));
console.log(`layoutGuide, local rules of 8,000 and a back page of 4,000 characters without a space: ${ms.toFixed(1)} ms (target < ${LOCAL_RULES_TARGET_MS} ms) ${ms < LOCAL_RULES_TARGET_MS ? 'OK' : 'OVER'}`);
