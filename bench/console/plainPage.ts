/**
 * The plain reference of the console bench: the same first screen without a framework, served on
 * the console's own origin (the bench fulfils these two URLs in the browser, so the API is
 * same-origin as for the console). One fetch for the root nodes with their counts and the first
 * page of services, rows written with DOM calls, then a raw graphql-ws subscription (the protocol
 * by hand) that rewrites a row's status attribute on each change. What a console with no framework,
 * no client cache and no virtualization would cost: the yardstick for the real one.
 */
export const PLAIN_HTML_PATH = '__bench/plain.html';
export const PLAIN_JS_PATH = '__bench/plain.js';
export const FLOOR_HTML_PATH = '__bench/floor.html';

export const plainHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>plain</title>
<script type="module" src="/app/${PLAIN_JS_PATH}"></script></head><body><main id="root"></main></body></html>`;

/** A page that does nothing: the browser's own floor for "navigation to a rendered marker". */
export const floorHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><p data-testid="hierarchy-ready">ready</p></body></html>`;

export const plainJs = `
const session = JSON.parse(localStorage.getItem('svc.console.session'));
const token = session.accessToken;
const query = \`query BenchPlain {
  operationsRootNodes { path serviceCount statusSummary { operational degraded down maintenance unknown } }
  serviceCount
  services(limit: 100) { id name displayName status statusMessage nodeId statusSince updatedAt }
}\`;
const response = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: JSON.stringify({ query }) });
const { data, errors } = await response.json();
if (!data) throw new Error('the query failed: ' + JSON.stringify(errors));
const root = document.getElementById('root');
const nodes = document.createElement('ul');
for (const node of data.operationsRootNodes) {
  const li = document.createElement('li');
  const s = node.statusSummary;
  li.textContent = node.path + ' (' + node.serviceCount + '): ' + s.operational + ' up, ' + s.degraded + ' degraded, ' + s.down + ' down';
  nodes.append(li);
}
const table = document.createElement('table');
for (const service of data.services) {
  const tr = document.createElement('tr');
  tr.dataset.serviceId = service.id;
  tr.dataset.status = service.status;
  const name = document.createElement('td'); name.textContent = service.name;
  const status = document.createElement('td'); status.textContent = service.status;
  tr.append(name, status);
  table.append(tr);
}
root.append(nodes, table);
const ready = document.createElement('p');
ready.dataset.testid = 'hierarchy-ready';
root.append(ready);
const rows = new Map([...table.rows].map((tr) => [tr.dataset.serviceId, tr]));
const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql/ws', 'graphql-transport-ws');
ws.onopen = () => ws.send(JSON.stringify({ type: 'connection_init', payload: { token } }));
ws.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.type === 'connection_ack') {
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription BenchPlainStatus { serviceStatusChanged { serviceId status } }' } }));
    window.__benchSubscribed = true;
  } else if (message.type === 'next') {
    const change = message.payload.data.serviceStatusChanged;
    const tr = rows.get(change.serviceId);
    if (tr) { tr.dataset.status = change.status; tr.cells[1].textContent = change.status; }
  } else if (message.type === 'ping') {
    ws.send(JSON.stringify({ type: 'pong' }));
  }
};
ws.onclose = (event) => { throw new Error('the plain page lost its WebSocket: ' + event.code + ' ' + event.reason); };
`;
