// The agent server's `--network allow:...` on the real engine, through the official TypeScript
// MCP client over stdio: a bad entry is refused at start naming it; the tool set's sandbox
// reaches a listed name through its egress proxy and is refused any other; a local service on
// this machine is reached only at the one 127.0.0.1:PORT the list names; and every connection is
// in the session's record as a "net" line in the audit format, with its tool set.
//
//   SANDBENCH_CLI=... SANDBENCH_MCP_CLIENT_DIR=... DOCKER_HOST=... node tests/mcp/client/egress.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import {
    callOk, check, cliPath, fatal, finish, loadSdk, log, requireDocker, sessionFiles, tempDir, waitForExit, writePolicy,
} from './harness.mjs';

const sdk = await loadSdk();
const cli = cliPath();
requireDocker();

const dir = tempDir('sb-mcp-egress-');
const policy = path.join(dir, 'policy.json');
const recordDir = path.join(dir, 'records');
writePolicy(policy);

// ---- bad input is refused at start, naming what is wrong, before any sandbox is made
for (const [spec, named] of [['allow:ok.test,*', "'*'"], ['allow:', 'at least one host'],
                             ['allow:ok.test,10.0.0.1/8', 'host bits'], ['allow:http://x.test/', 'x.test'],
                             ['allow:ok.test:0', 'port']]) {
    const run = spawnSync(cli, ['mcp', '--policy', policy, '--sandbox-tools', 'box:exec', '--network', spec,
                                '--record-dir', recordDir], { encoding: 'utf8', timeout: 60000, input: '' });
    check(run.status === 2 && run.stderr.includes(named) && run.stderr.includes('--network'),
          `--network ${spec} is refused at start, naming ${named}`, run.stderr.split('\n')[0]);
}
const withPort = spawnSync(cli, ['mcp', '--sandbox-tools', 'box:exec', '--network', 'allow:ok.test', '--port', '8080',
                                 '--record-dir', recordDir], { encoding: 'utf8', timeout: 60000, input: '' });
check(withPort.status === 2 && withPort.stderr.includes('--port needs --network all'),
      '--port with --network allow:... is refused at start', withPort.stderr.split('\n')[0]);
check(sessionFiles(recordDir).length === 0, 'a refused start records nothing');

// ---- a local service of this machine (a dev server), named exactly in the list
const local = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('local-dev-server\n');
});
await new Promise((resolve) => local.listen(0, '127.0.0.1', resolve));
const localPort = local.address().port;
const other = createServer((req, res) => res.end('other-local-service\n'));
await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
const otherPort = other.address().port;

const list = `allow:listed.invalid:443,127.0.0.1:${localPort}`;
const args = ['mcp', '--policy', policy, '--sandbox-tools', 'box:exec', '--network', list,
              '--lifetime', '600', '--record-dir', recordDir];
log(`starting ${cli} ${args.join(' ')}`);
const transport = new sdk.StdioClientTransport({ command: cli, args, env: { ...process.env }, stderr: 'inherit' });
const client = new sdk.Client({ name: 'sandbench-mcp-egress-test', version: '1.0.0' });
try {
    await client.connect(transport);
} catch (e) {
    fatal(`initialize over stdio: ${e}`);
}
const serverPid = transport.pid;

// CONNECT through the proxy the sandbox is given: the listed name is let through (and, as it
// does not resolve, fails behind the proxy), the other one is refused with 403.
let r = await callOk(client, 'box.exec', {
    command: 'for h in listed.invalid:443 other.invalid:443; do '
        + "(printf 'CONNECT %s HTTP/1.1\\r\\n\\r\\n' $h; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1; done",
}, 'box.exec CONNECT to a listed and an unlisted name');
if (r) {
    const lines = r.structuredContent.stdout.split('\n');
    check(!lines[0].includes('200') && lines[1].includes(' 403 '), 'the unlisted name is refused with 403, the listed one passes the proxy',
          r.structuredContent);
}
// The host's service: named exactly, reached; at another port of the host, refused.
r = await callOk(client, 'box.exec', {
    // (busybox wget crashes with -T through a proxy: no -T here)
    command: `wget -q -O - http://127.0.0.1:${localPort}/ 2>&1; echo "exit $?"; `
        + `wget -q -O - http://127.0.0.1:${otherPort}/ 2>&1; echo "exit $?"`,
}, 'box.exec wget of the named host port and of another host port');
if (r) {
    const out = r.structuredContent.stdout;
    check(out.includes('local-dev-server') && /exit 0/.test(out.split('\n').slice(0, 2).join('\n')),
          `127.0.0.1:${localPort} (named) reaches the service on this machine`, out);
    check(!out.includes('other-local-service') && /exit [1-9]/.test(out), `127.0.0.1:${otherPort} (not named) is refused`, out);
}
// Around the proxy: the host's address directly, with the proxy variables unset.
r = await callOk(client, 'box.exec', {
    command: `unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY; wget -q -T 5 -O - http://127.0.0.1:${localPort}/ 2>&1; echo "exit $?"`,
}, 'box.exec wget of the host port without the proxy');
if (r)
    check(!r.structuredContent.stdout.includes('local-dev-server'), 'without the proxy the host port is not reached', r.structuredContent);

await client.close();
check(await waitForExit(serverPid, 120000), 'the server exits after the client closes stdio');
local.close();
other.close();

// ---- the record: the header names the list, and every connection is a "net" line
const files = sessionFiles(recordDir);
check(files.length === 1, 'one session was recorded', files);
if (files.length === 1) {
    const lines = readFileSync(path.join(recordDir, files[0]), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    const header = lines[0];
    check(header.server.network === 'allow' && JSON.stringify(header.server.allow) === JSON.stringify(list.slice(6).split(',')),
          'the header names network allow and its list', header.server);
    const net = lines.filter((l) => l.type === 'net');
    const byResource = (res) => net.filter((l) => l.event.resource === res);
    // An allowed connection is told when it is decided (connect) and again when it ends (close,
    // with the figures); a denied one once.
    const decisions = (res) => byResource(res).filter((l) => l.event.action === 'connect');
    const ends = (res) => byResource(res).filter((l) => l.event.action === 'close');
    const listed = decisions('listed.invalid:443');
    const denied = byResource('other.invalid:443');
    const dev = decisions(`127.0.0.1:${localPort}`);
    const devEnds = ends(`127.0.0.1:${localPort}`);
    const otherHost = byResource(`127.0.0.1:${otherPort}`);
    check(net.every((l) => l.toolSet === 'box' && l.event.kind === 'net' && ['connect', 'close'].includes(l.event.action)),
          'every net line is a net/connect or net/close event of the tool set box', net);
    check(listed.length === 1 && listed[0].event.decision === 'allow' && listed[0].event.rule === 'network.allow[0] listed.invalid:443'
          && listed[0].event.bytes_in === undefined, 'the listed name is allowed by its entry, on the record as decided', listed);
    const listedEnd = ends('listed.invalid:443');
    check(listedEnd.length === 1 && listedEnd[0].event.seq > listed[0].event.seq && listedEnd[0].event.bytes_out >= 0,
          'the listed connection\'s end follows its decision, with the figures', listedEnd);
    check(denied.length === 1 && denied[0].event.decision === 'deny' && denied[0].event.action === 'connect'
          && /not in the sandbox's network allow list/.test(denied[0].event.reason),
          'the unlisted name is denied on the record, with the reason, in one line', denied);
    check(dev.length >= 1 && dev[0].event.decision === 'allow' && dev[0].event.rule === `network.allow[1] 127.0.0.1:${localPort}`,
          'the host service is allowed by its exact entry', dev);
    check(devEnds.length === dev.length && devEnds.some((l) => l.event.bytes_in > 0), 'the host service\'s connections end with bytes in', devEnds);
    const seqs = net.map((l) => l.event.seq);
    check(seqs.every((s, i) => s === i + 1), 'the net lines are numbered 1, 2, 3...', seqs);
    check(lines.at(-1).type === 'end' && lines.indexOf(net.at(-1)) < lines.length - 1, 'the net lines come before the end line');
}
finish();
