import { parseDocument, LineCounter } from 'yaml';
const n = 20000;
const cases = { anchors: Array.from({length: n}, (_, i) => `k${i}: &a${i} [1]\n`).join(''), seq: '- a\n'.repeat(n*3), tags: '- !x a\n'.repeat(n), dup: 'a: 1\n'.repeat(n) };
for (const [name, s] of Object.entries(cases)) {
  let t = performance.now();
  const lc = new LineCounter();
  const d = parseDocument(s, { uniqueKeys: false, lineCounter: lc, version: '1.2', schema: 'core', merge: false, customTags: [], resolveKnownTags: false, stringKeys: true });
  const td = performance.now() - t; t = performance.now();
  let tj = 0; try { d.toJS({ maxAliasCount: 20 }); tj = performance.now() - t; } catch { tj = -1; }
  console.log(name, s.length, 'parseDocument', td.toFixed(0), 'toJS', tj.toFixed(0), 'errors', d.errors.length, 'warnings', d.warnings.length);
}
