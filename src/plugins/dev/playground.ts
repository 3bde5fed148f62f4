/**
 * `GET /`: a small GraphQL console for development. One self-contained page (inline style and
 * script, nothing fetched from elsewhere: machines have no internet): sign in with the `login`
 * mutation or paste a token, write a query and variables, run it, read the pretty-printed result.
 */
import type { Route } from '../../platform/gateway/routes.js';

const DEFAULT_QUERY = `query Services {
  serviceCount
  services(limit: 10) { id name nodeId status }
}`;

const PAGE = /* html */ `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc GraphQL playground</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px system-ui, sans-serif; color: #1d2330; background: #f4f6f9; }
  header { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 10px 16px; background: #1d2330; color: #fff; }
  header h1 { font-size: 16px; margin: 0 16px 0 0; }
  header input { padding: 5px 8px; border: 0; border-radius: 4px; }
  #token { flex: 1; min-width: 200px; font-family: ui-monospace, monospace; }
  main { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; padding: 12px 16px; height: calc(100vh - 52px); }
  section { display: flex; flex-direction: column; gap: 6px; min-height: 0; }
  label { font-weight: 600; }
  textarea, pre { font: 13px/1.4 ui-monospace, monospace; border: 1px solid #c9d0db; border-radius: 4px; padding: 8px; margin: 0; background: #fff; }
  textarea { resize: none; }
  #query { flex: 3; }
  #variables { flex: 1; }
  pre { flex: 1; overflow: auto; white-space: pre-wrap; }
  button { padding: 6px 14px; border: 0; border-radius: 4px; background: #2f6fdf; color: #fff; cursor: pointer; }
  button:hover { background: #245bbb; }
  #status { color: #5b6575; }
</style>
</head>
<body>
<header>
  <h1>svc GraphQL</h1>
  <form id="login">
    <input name="username" placeholder="username" autocomplete="username" required>
    <input name="password" type="password" placeholder="password" autocomplete="current-password" required>
    <button>Sign in</button>
  </form>
  <input id="token" placeholder="Bearer token (filled by Sign in, or paste one)">
</header>
<main>
  <section>
    <label for="query">Query <small>(Ctrl+Enter runs)</small></label>
    <textarea id="query" spellcheck="false"></textarea>
    <label for="variables">Variables (JSON)</label>
    <textarea id="variables" spellcheck="false"></textarea>
    <div><button id="run">Run</button> <span id="status"></span></div>
  </section>
  <section>
    <label for="result">Result</label>
    <pre id="result"></pre>
  </section>
</main>
<script>
  const $ = (id) => document.getElementById(id);
  const saved = (key, fallback) => localStorage.getItem('svc-playground.' + key) ?? fallback;
  const save = (key, value) => localStorage.setItem('svc-playground.' + key, value);
  $('query').value = saved('query', ${JSON.stringify(DEFAULT_QUERY)});
  $('variables').value = saved('variables', '{}');
  $('token').value = saved('token', '');

  async function graphql(query, variables) {
    const token = $('token').value.trim();
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    try { return { status: response.status, body: JSON.parse(text) }; } catch { return { status: response.status, body: text }; }
  }

  function show(status, body) {
    $('status').textContent = 'HTTP ' + status;
    $('result').textContent = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  }

  async function run() {
    let variables;
    try { variables = JSON.parse($('variables').value.trim() || '{}'); }
    catch (error) { return show('-', 'Variables are not valid JSON: ' + error.message); }
    save('query', $('query').value);
    save('variables', $('variables').value);
    $('status').textContent = 'running...';
    try { const r = await graphql($('query').value, variables); show(r.status, r.body); }
    catch (error) { show('-', 'Request failed: ' + error.message); }
  }

  $('run').addEventListener('click', run);
  document.addEventListener('keydown', (e) => { if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); run(); } });
  $('token').addEventListener('change', () => save('token', $('token').value.trim()));
  $('login').addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = new FormData(e.target);
    $('token').value = '';
    const r = await graphql('mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken user { username role } } }',
      { u: form.get('username'), p: form.get('password') });
    const token = r.body?.data?.login?.accessToken;
    if (token) { $('token').value = token; save('token', token); }
    show(r.status, r.body);
  });
</script>
</body>
</html>
`;

export function playgroundRoute(): Route {
  return {
    method: 'GET',
    path: '/',
    auth: 'none',
    rateLimited: true,
    bodyLimit: 0,
    handle: async () => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE }),
  };
}
