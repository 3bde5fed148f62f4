import { Parser } from 'yaml';
const M = 1024*1024 - 100;
const cases: Record<string, () => string> = {
  flow: () => 'a: ' + '['.repeat(M/2-4) + ']'.repeat(M/2-4),
  flowmap: () => 'a: ' + '{a: '.repeat(M/4-4),
  compact: () => '- '.repeat(M/2-4) + 'a\n',
  indent: () => { let s=''; let i=0; while (s.length < M - 2*i - 10) { s += ' '.repeat(i)+'a:\n'; i++; } return s; },
};
for (const [name, make] of Object.entries(cases)) {
  const s = make();
  const t = performance.now();
  try { let n = 0; for (const tok of new Parser().parse(s)) n++; console.log(name, s.length, 'tokens', n, (performance.now()-t).toFixed(0)+'ms'); }
  catch (e) { console.log(name, 'THREW', String(e).slice(0, 100)); }
}
