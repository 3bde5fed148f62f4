import { parseDocument, Parser, Composer, LineCounter } from 'yaml';
for (const n of [10000, 20000, 40000, 80000]) {
  const seq = '- a\n'.repeat(n);
  const keys = Array.from({length: n}, (_, i) => `k${i}: 1\n`).join('');
  for (const [name, s] of [['seq', seq], ['keys', keys]] as const) {
    let t = performance.now();
    let c = 0; for (const _ of new Parser().parse(s)) c++;
    const tp = performance.now() - t;
    t = performance.now();
    const d = parseDocument(s, { uniqueKeys: false });
    const td = performance.now() - t;
    t = performance.now();
    d.toJS();
    const tj = performance.now() - t;
    console.log(name, n, 'parser', tp.toFixed(0), 'parseDocument', td.toFixed(0), 'toJS', tj.toFixed(0));
  }
}
