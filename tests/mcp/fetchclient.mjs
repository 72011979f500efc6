// Talks to the agent server the way the official SDK's StreamableHTTPClientTransport does
// (Node's fetch, the same headers, the same checks on each answer), so that the test sees
// what undici makes of our answers: status, headers, Content-Length, reused connections.
// Usage: node fetchclient.mjs <url> <token>; exits 0 when every step holds.
const [url, token] = process.argv.slice(2);
let sessionId;
let protocolVersion;

function headers(extra = {}) {
  const h = { authorization: `Bearer ${token}`, ...extra };
  if (sessionId) h['mcp-session-id'] = sessionId;
  if (protocolVersion) h['mcp-protocol-version'] = protocolVersion;
  return h;
}

async function post(message) {
  return fetch(url, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' }),
    body: JSON.stringify(message),
  });
}

function check(condition, what) {
  if (!condition) {
    console.error(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

const init = await post({ jsonrpc: '2.0', id: 0, method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fetch', version: '1' } } });
check(init.status === 200, `initialize answered 200 (got ${init.status})`);
check(init.headers.get('content-type')?.includes('application/json'), 'initialize answer is JSON');
sessionId = init.headers.get('mcp-session-id');
check(!!sessionId, 'initialize answer names the session');
const initResult = await init.json();
check(initResult.id === 0 && initResult.result, 'initialize result has the request id');
protocolVersion = initResult.result.protocolVersion;

const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
check(initialized.status === 202, `notification answered 202 (got ${initialized.status})`);
await initialized.body?.cancel();

// The SDK opens the server's stream after initialized and accepts 405 as "none offered".
const stream = await fetch(url, { method: 'GET', headers: headers({ accept: 'text/event-stream' }) });
check(stream.status === 405, `GET answered 405 (got ${stream.status})`);
await stream.body?.cancel();

for (let id = 1; id <= 20; ++id) {
  const call = await post({ jsonrpc: '2.0', id, method: 'tools/list' });
  check(call.status === 200, `request ${id} answered 200`);
  const answer = await call.json();
  check(answer.id === id, `request ${id} answer has its id`);
}

const ended = await fetch(url, { method: 'DELETE', headers: headers() });
check(ended.ok, `DELETE answered ${ended.status}`);
await ended.body?.cancel();
const after = await post({ jsonrpc: '2.0', id: 99, method: 'tools/list' });
check(after.status === 404, `a request after DELETE answered 404 (got ${after.status})`);
await after.body?.cancel();

const noToken = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
check(noToken.status === 401 && noToken.headers.get('www-authenticate') === 'Bearer',
  'no token answered 401 with WWW-Authenticate: Bearer');
await noToken.body?.cancel();
