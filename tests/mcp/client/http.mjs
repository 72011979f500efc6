// "Done means", over Streamable HTTP: `sandbench-cli mcp --http 127.0.0.1:PORT --token-file F`
// as a real separate process (and once without --token-file: its printed token opens a
// session); requests without the token, with a wrong one, or with a foreign
// Origin are refused (401, 401, 403) and open no session; the official TypeScript MCP client
// (StreamableHTTPClientTransport, the bearer token in its request headers) lists the tools, runs
// code and sandbox tools, is refused for a disabled tool and bad arguments; the session, ended
// with DELETE, replays identical offline.
//
//   SANDBENCH_CLI=... SANDBENCH_MCP_CLIENT_DIR=... DOCKER_HOST=... node tests/mcp/client/http.mjs
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
    callOk, check, checkTextMirrorsStructured, cliPath, expectRefusal, fatal, finish, loadSdk, log,
    replayIdentical, requireDocker, sessionFiles, startServer, tempDir, waitForExit, watchProtocolVersion,
    writePolicy,
} from './harness.mjs';

const sdk = await loadSdk();
const cli = cliPath();
requireDocker();
const image = process.env.SANDBENCH_MCP_IMAGE || 'sandbench/base:1';

const dir = tempDir('sb-mcp-http-');
const policy = path.join(dir, 'policy.json');
const workdir = path.join(dir, 'work');
const recordDir = path.join(dir, 'records');
const tokenFile = path.join(dir, 'token');
writePolicy(policy);
mkdirSync(workdir);
const token = randomBytes(24).toString('hex');
writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });

// A port the kernel says is free now; the server binds it right after.
function freePort() {
    return new Promise((resolve, reject) => {
        const probe = net.createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
            const p = probe.address().port;
            probe.close(() => resolve(p));
        });
    });
}

// Starts a server on a free port and waits for its one line: the URL, and the token or where
// it came from.
async function startHttpServer(extraArgs, records) {
    const port = await freePort();
    const args = ['mcp', '--http', `127.0.0.1:${port}`, ...extraArgs, '--policy', policy,
                  '--workdir', workdir, '--sandbox-tools', 'box:exec,write', '--image', image,
                  '--network', 'none', '--lifetime', '600', '--max-sandboxes', '2', '--record-dir', records];
    log(`starting ${cli} ${args.join(' ')}`);
    const server = startServer(cli, args);
    const line = await new Promise((resolve) => {
        const deadline = setTimeout(() => resolve(null), 60000);
        const look = () => {
            const m = /sandbench-cli mcp: listening on (http:\/\/\S+) token ([^;\n]+)/.exec(server.stderrText);
            if (m) {
                clearTimeout(deadline);
                resolve({ url: m[1], token: m[2].trim() });
            }
        };
        server.stderr.on('data', look);
        server.exited.then(() => resolve(null));
        look();
    });
    if (!line)
        fatal(`the server did not print its listening line: ${server.stderrText}`);
    check(line.url === `http://127.0.0.1:${port}/mcp`, 'the server listens on the loopback URL asked for', line.url);
    return { server, line };
}

// Without --token-file the server makes a token and prints it: that token opens a session.
{
    const { server: other, line: printed } = await startHttpServer([], path.join(dir, 'records-printed'));
    check(/^[A-Za-z0-9_-]{32,}$/.test(printed.token), 'a server without --token-file prints a long random token', printed.token.length);
    const open = await fetch(printed.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
                   authorization: `Bearer ${printed.token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize',
                               params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    }).catch((e) => ({ status: String(e) }));
    check(open.status === 200, 'the printed token opens a session', open.status);
    other.kill('SIGTERM');
    await Promise.race([other.exited, new Promise((resolve) => setTimeout(resolve, 60000))]);
}

const { server, line } = await startHttpServer(['--token-file', tokenFile], recordDir);
check(line.token === '(from --token-file)', 'with --token-file the token is not printed, only where it is from', line.token);
check(!server.stderrText.includes(token), 'the token of --token-file appears nowhere on stderr');
const url = line.url;

// ---- refused at the door: no session opens for any of these
const initialize = JSON.stringify({
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const baseHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
async function post(headers, what) {
    try {
        const response = await fetch(url, { method: 'POST', headers: { ...baseHeaders, ...headers }, body: initialize });
        await response.arrayBuffer();
        return response;
    } catch (e) {
        check(false, `${what}: the server answers`, String(e));
        return null;
    }
}
let res = await post({}, 'initialize without a token');
check(res?.status === 401, 'a request without the token is refused 401', res?.status);
res = await post({ authorization: `Bearer ${token}x` }, 'initialize with a wrong token');
check(res?.status === 401, 'a request with a wrong token is refused 401', res?.status);
res = await post({ authorization: `Basic ${token}` }, 'initialize with the token in another scheme');
check(res?.status === 401, 'a request with the token but not as Bearer is refused 401', res?.status);
res = await post({ authorization: `Bearer ${token}`, origin: 'http://evil.example' }, 'initialize from a foreign Origin');
check(res?.status === 403, 'a request with a foreign Origin is refused 403', res?.status);
res = await post({ origin: 'http://evil.example' }, 'a foreign Origin without a token');
check(res?.status === 401 || res?.status === 403, 'a foreign Origin without a token is refused', res?.status);

// ---- the official client, with the bearer token
const transport = new sdk.StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
});
const agreedVersion = watchProtocolVersion(transport);
const client = new sdk.Client({ name: 'sandbench-mcp-http-test', version: '1.0.0' });
try {
    await client.connect(transport);
} catch (e) {
    fatal(`initialize over HTTP: ${e}`);
}
check(['2025-06-18', '2025-11-25'].includes(agreedVersion()), 'the client and server agreed on 2025-06-18 or 2025-11-25', agreedVersion());
check(typeof transport.sessionId === 'string' && transport.sessionId.length >= 32, 'the server gave an Mcp-Session-Id', transport.sessionId);

const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort();
const expected = ['box.exec', 'box.list', 'box.read', 'box.remove', 'box.write', 'code.run'];
check(JSON.stringify(names) === JSON.stringify(expected), 'exactly the enabled tools are listed', { listed: names, expected });

let r = await callOk(client, 'code.run', { code: 'console.log("hello world")' }, 'code.run hello world');
if (r) {
    checkTextMirrorsStructured(r, 'code.run');
    check(r.structuredContent.stdout === 'hello world\n' && r.structuredContent.exitCode === 0, 'code.run prints hello world', r.structuredContent);
}
r = await callOk(client, 'box.exec', { command: 'echo hi' }, 'box.exec echo hi');
if (r)
    check(r.structuredContent.exitCode === 0 && r.structuredContent.stdout === 'hi\n', 'box.exec echo hi: exit 0, "hi"', r.structuredContent);
await callOk(client, 'box.write', { path: 'a.txt', content: 'over http' }, 'box.write');
r = await callOk(client, 'box.read', { path: 'a.txt' }, 'box.read');
if (r)
    check(r.structuredContent.content === 'over http', 'box.read returns what box.write wrote', r.structuredContent);
r = await callOk(client, 'box.list', { path: '.' }, 'box.list');
if (r)
    check(JSON.stringify(r.structuredContent).includes('"a.txt"'), 'box.list shows a.txt', r.structuredContent);
await callOk(client, 'box.remove', { path: 'a.txt' }, 'box.remove');
await expectRefusal(client, 'box.url', { port: 8080 }, 'calling box.url, which is not enabled', -32602);
await expectRefusal(client, 'box.screenshot', {}, 'calling box.screenshot, which is not enabled', -32602);
await expectRefusal(client, 'box.exec', { command: ['true'] }, 'box.exec with an array for command', -32602);
await expectRefusal(client, 'box.read', { path: '../../etc/passwd' }, 'box.read of a .. path out of the workdir');
r = await callOk(client, 'box.exec', { command: 'true' }, 'box.exec after the refusals');
if (r)
    check(r.structuredContent.exitCode === 0, 'the server still serves box.exec');

// A request of the session from a foreign Origin is refused too, with the right token and id.
try {
    const response = await fetch(url, {
        method: 'POST',
        headers: { ...baseHeaders, authorization: `Bearer ${token}`, origin: 'http://evil.example',
                   'mcp-session-id': transport.sessionId, 'mcp-protocol-version': agreedVersion() },
        body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'box.exec', arguments: { command: 'echo evil' } } }),
    });
    const body = await response.text();
    check(response.status === 403 && !body.includes('evil\\n'), 'a call in the session from a foreign Origin is refused 403', response.status);
} catch (e) {
    check(false, 'a call in the session from a foreign Origin: the server answers', String(e));
}

// ---- end the session (DELETE), stop the server, replay the record
try {
    await transport.terminateSession();
    check(true, 'the session ends with DELETE');
} catch (e) {
    check(false, 'the session ends with DELETE', String(e));
}
await client.close();
server.kill('SIGTERM');
const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve(null), 60000))]);
// Stopped by a signal, it exits with 128 + the signal's number once its sessions are closed.
check(exit !== null && exit.code === 128 + 15, 'the server stops on SIGTERM with status 143', exit);
if (exit === null) {
    server.kill('SIGKILL');
    await waitForExit(server.pid, 10000);
}
const files = sessionFiles(recordDir);
check(files.length === 1, 'one session was recorded, and none for the refused requests', files);
if (files.length >= 1)
    replayIdentical(cli, path.join(recordDir, files[0]));
finish();
