import { readYaml } from './src/ticketing/templates/safeYaml.ts';
const n = Number(process.argv[2]); const kind = process.argv[3];
const t = performance.now();
let s = '';
if (kind === 'flow') s = 'a: ' + '['.repeat(n) + ']'.repeat(n) + '\n';
else if (kind === 'block') { for (let i=0;i<n;i++) s += ' '.repeat(i)+'- \n'; }
else if (kind === 'map') { for (let i=0;i<n;i++) s += ' '.repeat(i)+'a:\n'; }
console.log(kind, n, s.length);
const r = readYaml(s); console.log(r.ok, !r.ok && r.problems[0], (performance.now()-t).toFixed(0)+'ms');
