// "Done means" of approvals (--approve): the official TypeScript MCP client calls code.run on a
// real `sandbench-cli mcp --approve code.run` (real Deno), and each call waits until the
// command-line approver answers it: approved, edited (a bad edit refused first), refused with a
// reason, and, on a second server, left to time out. The approver socket lets only this uid
// in: a client run as `nobody` gets nothing and changes nothing, and hostile lines (not JSON, a
// huge line, an unknown id) are refused while the server goes on. The record holds each wait
// and decision, and the session replays on the recorded decisions without asking.
//
//   SANDBENCH_CLI=... SANDBENCH_MCP_CLIENT_DIR=... node tests/mcp/client/approvals.mjs
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
    check, cliPath, endedSessionRecord, fatal, finish, loadSdk, log, nextPending, runApprover, sessionFiles, tempDir, writePolicy,
} from './harness.mjs';

const sdk = await loadSdk();
const cli = cliPath();
const dir = tempDir('sb-mcp-approvals-');
const runtime = path.join(dir, 'runtime');
spawnSync('mkdir', ['-m', '0700', runtime]);
const env = { ...process.env, XDG_RUNTIME_DIR: runtime };
const approver = (...args) => runApprover(cli, env, ...args);
const pendingCall = (tool, seen) => nextPending(cli, env, tool, seen);
const policy = path.join(dir, 'policy.json');
writePolicy(policy);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const me = os.userInfo().username;



async function connect(recordDir, timeout) {
    const args = ['mcp', '--policy', policy, '--record-dir', recordDir, '--approve', 'code.run', '--approve-timeout', String(timeout)];
    const transport = new sdk.StdioClientTransport({ command: cli, args, env, stderr: 'inherit' });
    const client = new sdk.Client({ name: 'sandbench-approvals-test', version: '1.0.0' });
    try {
        await client.connect(transport);
    } catch (e) {
        fatal(`initialize: ${e}`);
    }
    return client;
}

const text = (r) => (r.content ?? []).map((c) => c.text ?? '').join(' ');
const recordDir = path.join(dir, 'records');
const client = await connect(recordDir, 120);
const seen = new Set();
// An approver that follows: every call held and decided, as it happens (ended at the end).
const follower = spawn(cli, ['approvals', '--follow', '--json'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
let followed = '';
follower.stdout.on('data', (d) => { followed += d; });

// ---- the socket: this user's only
const folder = path.join(runtime, 'sandbench-approvals');
check((statSync(folder).mode & 0o777) === 0o700, 'the approvals folder is 0700', (statSync(folder).mode & 0o777).toString(8));

// ---- approved, as asked; its arguments are shown escaped
let call = client.callTool({ name: 'code.run', arguments: { code: 'console.log("approved") // \u001b[31mred \u202egnp.sh' } });
let p = await pendingCall('code.run', seen);
const sockets = approver('approvals', '--json').stdout;
const socketPath = JSON.parse(sockets.split('\n')[0]).socket;
check((statSync(socketPath).mode & 0o777) === 0o600, 'the approver socket is 0600', (statSync(socketPath).mode & 0o777).toString(8));
const listed = approver('approvals');
check(listed.stdout.includes(p.id) && listed.stdout.includes('code.run'), 'approvals lists the held call with its id and tool', listed.stdout);
check(!listed.stdout.includes('\u001b') && !listed.stdout.includes('\u202e') && listed.stdout.includes('\\u001b[31m') && listed.stdout.includes('\\u202e'),
      'arguments reach the terminal escaped', listed.stdout);
const asJson = approver('approvals', '--json').stdout;
check(!asJson.includes('\u202e') && JSON.parse(asJson.split('\n')[0]).arguments.code.includes('\u202e'), 'approvals --json escapes them too, as JSON', asJson);
check(typeof p.sinceMs === 'number' && p.session.length > 0 && p.server.startsWith('mcp pid '), 'a pending call says server, session and since', p);

// ---- a peer of another uid gets nothing and decides nothing (the socket opened up to prove it)
chmodSync(dir, 0o755);
chmodSync(runtime, 0o755);
chmodSync(folder, 0o755);
chmodSync(socketPath, 0o666);
const stranger = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `
    const s = require('node:net').connect(${JSON.stringify(socketPath)});
    let got = '';
    s.on('connect', () => { console.log('connected'); s.write(JSON.stringify({op: 'approve', id: ${JSON.stringify(p.id)}}) + '\\n' + '{"op":"list"}\\n'); });
    s.on('data', (d) => { got += d; });
    s.on('error', (e) => { console.log('error ' + e.code); });
    s.on('close', () => { console.log('closed, got ' + JSON.stringify(got)); process.exit(0); });
    setTimeout(() => { console.log('still open'); process.exit(0); }, 10000);`], { encoding: 'utf8', timeout: 30000 });
chmodSync(socketPath, 0o600);
chmodSync(folder, 0o700);
chmodSync(runtime, 0o700);
chmodSync(dir, 0o700);
// It connects (the file modes let it), and the server hangs up on it unanswered.
check(stranger.status === 0 && stranger.stdout.startsWith('connected\n') && stranger.stdout.trim().endsWith('closed, got ""'),
      'a client of uid nobody is cut off without a word',
      { status: stranger.status, stdout: stranger.stdout, stderr: stranger.stderr });
check(approver('approvals', '--json').stdout.includes(p.id), 'the stranger\'s approve changed nothing: the call still waits');

// ---- hostile lines on the socket: refused, and the server goes on
async function rawExchange(payload, expectClose) {
    return new Promise((resolve) => {
        const s = net.connect(socketPath);
        let got = '';
        s.on('connect', () => s.write(payload));
        s.on('data', (d) => {
            got += d;
            if (!expectClose && got.includes('\n')) {
                s.end();
                resolve(got);
            }
        });
        s.on('close', () => resolve(got));
        s.on('error', () => resolve(got));
    });
}
let reply = await rawExchange('this is not json\n', false);
check(JSON.parse(reply).ok === false && /JSON/.test(JSON.parse(reply).error), 'a line that is not JSON is refused', reply);
reply = await rawExchange('{"op":"approve","id":"no-such-id"}\n', false);
check(JSON.parse(reply).ok === false && /no call waits/.test(JSON.parse(reply).error), 'an unknown id is refused', reply);
reply = await rawExchange('{"op":"approve","id":"' + 'x'.repeat(200000), true);
check(/longer than/.test(reply), 'a huge line is refused and the connection closed', reply.slice(0, 200));
reply = await rawExchange('{"op":"launch"}\n', false);
check(JSON.parse(reply).ok === false && /unknown op/.test(JSON.parse(reply).error), 'an unknown op is refused', reply);
check(approver('approve', 'no-such-id').status === 1, 'approve of an unknown id fails');
check(approver('refuse', p.id).status === 2, 'refuse without --reason is a usage error');

const ok = approver('approve', p.id);
check(ok.status === 0 && ok.stdout.includes('approve'), 'approve ID lets it run', ok);
let r = await call;
check(!r.isError && r.structuredContent?.stdout === 'approved\n', 'the approved call ran as asked', r);

// ---- edited: a bad edit is refused by the schema and the call keeps waiting
call = client.callTool({ name: 'code.run', arguments: { code: 'console.log("as asked")' } });
p = await pendingCall('code.run', seen);
const bad = approver('approve', p.id, '--arguments', '{"code": 42}');
check(bad.status === 1 && /edited arguments/.test(bad.stderr), 'an edit the schema refuses is refused', bad);
check(approver('approvals', '--json').stdout.includes(p.id), 'after a bad edit the call still waits');
const edited = approver('approve', p.id, '--arguments', '{"code":"console.log(\\"as edited\\")"}');
check(edited.status === 0 && edited.stdout.includes('edit'), 'approve --arguments edits it', edited);
r = await call;
check(!r.isError && r.structuredContent?.stdout === 'as edited\n', 'the edited call ran with the edited arguments', r);

// ---- refused with a reason the agent can act on
call = client.callTool({ name: 'code.run', arguments: { code: 'console.log("refused")' } });
p = await pendingCall('code.run', seen);
const no = approver('refuse', p.id, '--reason', 'print nothing today');
check(no.status === 0, 'refuse ID --reason refuses it', no);
r = await call;
check(r.isError === true && text(r).includes('print nothing today') && text(r).includes(me), 'the agent gets the reason and who refused as a tool error', r);

// ---- ended: the call is refused and the session closed
call = client.callTool({ name: 'code.run', arguments: { code: 'console.log("end")' } });
p = await pendingCall('code.run', seen);
check(approver('refuse', p.id, '--reason', 'enough', '--end-session').status === 0, 'refuse --end-session answers');
r = await call;
check(r.isError === true && /session ended/.test(text(r)), 'the ended call is refused, saying the session ended', r);
try {
    const after = await client.callTool({ name: 'code.run', arguments: { code: '1' } });
    check(false, 'a call after the end is refused', after);
} catch (e) {
    check(/closed/.test(String(e)), 'a call after the end is refused: the session is closed', String(e));
}
await client.close();

// ---- timed out, on a server that waits one second
const shortDir = path.join(dir, 'short');
const shortClient = await connect(shortDir, 1);
const started = Date.now();
r = await shortClient.callTool({ name: 'code.run', arguments: { code: 'console.log("late")' } });
check(r.isError === true && /nobody answered/.test(text(r)) && Date.now() - started >= 1000, 'an unanswered call is refused after the timeout', r);
await shortClient.close();

// ---- the record: each wait and each decision, and the replay on those decisions
const rec = await endedSessionRecord(recordDir);
const held = rec.lines.filter((l) => l.type === 'held');
const calls = rec.lines.filter((l) => l.type === 'call');
check(held.length === 4, 'each held call is in the record as it starts to wait', held.length);
check(JSON.stringify(calls.map((c) => c.approval?.decision)) === JSON.stringify(['approve', 'edit', 'refuse', 'end']),
      'each call line holds its decision', calls.map((c) => c.approval));
check(calls.every((c) => c.approval.by === me && c.approval.atMs >= held.find((h) => h.seq === c.seq).atMs && c.approval.waitedMs >= 0),
      'each decision says who answered and when', calls.map((c) => c.approval));
check(calls[1].approval.asked?.code === 'console.log("as asked")' && calls[1].arguments.code === 'console.log("as edited")'
      && JSON.stringify(calls[1].approval.changed) === '["code"]', 'the edit records what was asked and what was changed', calls[1]);
check(calls[2].approval.reason === 'print nothing today', 'the refusal records its reason', calls[2].approval);
check(rec.lines.some((l) => l.type === 'end' && /ended by/.test(l.reason)), 'the session\'s end says the approver ended it', rec.lines.at(-1));
const shortRec = await endedSessionRecord(shortDir);
const late = shortRec.lines.find((l) => l.type === 'call');
check(late?.approval?.decision === 'timeout' && late.approval.by === '' && late.approval.waitedMs >= 1000, 'the timeout is recorded, answered by nobody', late);

const replay = spawnSync(cli, ['replay', '--json', rec.file], { encoding: 'utf8', env, timeout: 600000 });
log(replay.stdout.trimEnd());
const report = JSON.parse(replay.stdout || '{}');
check(replay.status === 0 && report.identical === true, 'the session replays identical on the recorded decisions', replay.stderr);
check((report.notes ?? []).filter((n) => /recorded decision/.test(n)).length === 4, 'the replay names each recorded decision', report.notes);
check(approver('approvals', '--json').stdout === '', 'nothing waits after the servers are gone');
{
    const events = () => followed.split('\n').filter((l) => l).map((l) => JSON.parse(l));
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline && events().filter((e) => e.event === 'decided').length < seen.size)
        await sleep(100);
    const all = events();
    follower.kill();
    check([...seen].every((id) => all.some((e) => e.event === 'held' && e.call.id === id)), 'approvals --follow printed each call held', followed);
    check(JSON.stringify([...seen].map((id) => all.find((e) => e.event === 'decided' && e.id === id)?.decision))
          === JSON.stringify(['approve', 'edit', 'refuse', 'end']), 'approvals --follow printed each decision', followed);
}
finish();
