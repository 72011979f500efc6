// "Done means" of the policy's approvals section: the official TypeScript MCP client against a
// real `sandbench-cli mcp --policy FILE` (real Deno) whose rules hold code.run calls whose code
// matches a pattern while the tool's other calls run unasked, deny calls matching another
// pattern with a tool error naming the rule (nobody asked), and, on a second server, hold a
// tool no rule lists because the default is "ask". The record holds each hold and deny with its
// rule; the session replays on those decisions without asking. A bad section stops
// `sandbench-cli mcp --policy` with the file, line and column of the entry.
//
//   SANDBENCH_CLI=... SANDBENCH_MCP_CLIENT_DIR=... node tests/mcp/client/approvalrules.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
    check, cliPath, endedSessionRecord, fatal, finish, loadSdk, log, nextPending, runApprover, sessionFiles, tempDir,
} from './harness.mjs';

const sdk = await loadSdk();
const cli = cliPath();
const dir = tempDir('sb-mcp-approvalrules-');
const runtime = path.join(dir, 'runtime');
spawnSync('mkdir', ['-m', '0700', runtime]);
const env = { ...process.env, XDG_RUNTIME_DIR: runtime };
const approver = (...args) => runApprover(cli, env, ...args);
const pendingCall = (tool, seen) => nextPending(cli, env, tool, seen);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const me = os.userInfo().username;
const text = (r) => (r.content ?? []).map((c) => c.text ?? '').join(' ');
const permissions = { deny_fs: true, deny_net: true, deny_env: true, deny_run: true };

// Written by hand so the line and column of each rule are known.
const policy = path.join(dir, 'policy.json');
writeFileSync(policy, `{"sandbox": true, "permissions": ${JSON.stringify(permissions)},
 "approvals": {"rules": [
  {"tool": "code.run", "arguments": {"code": "*HOLD*"}, "action": "ask"},
  {"tool": "code.run", "arguments": {"code": "*FORBIDDEN*"}, "action": "deny"}],
  "default": "allow", "timeout_ms": 120000}}
`);



async function connect(args) {
    const transport = new sdk.StdioClientTransport({ command: cli, args: ['mcp', ...args], env, stderr: 'inherit' });
    const client = new sdk.Client({ name: 'sandbench-approvalrules-test', version: '1.0.0' });
    try {
        await client.connect(transport);
    } catch (e) {
        fatal(`initialize: ${e}`);
    }
    return client;
}


// ---- rules by argument pattern on one server
const recordDir = path.join(dir, 'records');
const client = await connect(['--policy', policy, '--record-dir', recordDir]);

// A call no pattern matches runs at once, nobody asked.
let r = await client.callTool({ name: 'code.run', arguments: { code: 'console.log("free")' } });
check(!r.isError && r.structuredContent?.stdout === 'free\n', 'a code.run no rule matches runs unasked', r);
check(approver('approvals', '--json').stdout === '', 'and nothing was held for it');

// A call matching the ask pattern waits for a person, and runs once approved.
let call = client.callTool({ name: 'code.run', arguments: { code: 'console.log("HOLD me")' } });
const p = await pendingCall('code.run');
check(p.arguments?.code === 'console.log("HOLD me")', 'the call matching "*HOLD*" is held with its arguments', p);
check(p.heldBy === `approvals rule 0 (${policy}:3:12)`, 'the approver is told which rule held it', p);
const listedText = approver('approvals').stdout;
check(listedText.includes(`held by approvals rule 0 (${policy}:3:12)`), 'approvals names the rule in its text too', listedText);
// While it waits, the same tool with other code goes through: the rule is the pattern's.
r = await client.callTool({ name: 'code.run', arguments: { code: 'console.log("meanwhile")' } });
check(!r.isError && r.structuredContent?.stdout === 'meanwhile\n', 'a non-matching call of the same tool runs while the other waits', r);
// A person's edit cannot take the call where a deny rule refuses it: refused, the call waits on.
const sneaky = approver('approve', p.id, '--arguments', JSON.stringify({ code: 'console.log("FORBIDDEN")' }));
check(sneaky.status === 1 && sneaky.stderr.includes(`denied by approvals rule 1 (${policy}:4:12)`), 'an edit into a denied call is refused to the approver', sneaky);
check(approver('approvals', '--json').stdout.includes(p.id), 'after the refused edit the call still waits');
check(approver('approve', p.id).status === 0, 'approve ID answers the held call');
r = await call;
check(!r.isError && r.structuredContent?.stdout === 'HOLD me\n', 'the held call ran once approved', r);

// A call matching the deny pattern is refused at once, naming the rule, with nobody asked.
const before = Date.now();
r = await client.callTool({ name: 'code.run', arguments: { code: 'console.log("FORBIDDEN")' } });
check(r.isError === true && /denied by this server's policy/.test(text(r)) && text(r).includes(`approvals rule 1 (${policy}:4:12)`),
      'a call matching the deny rule gets a tool error naming the rule and its place', r);
check(Date.now() - before < 30000 && approver('approvals', '--json').stdout === '', 'the deny asked nobody');
await client.close();

const rec = await endedSessionRecord(recordDir);
const calls = rec.lines.filter((l) => l.type === 'call');
const held = rec.lines.filter((l) => l.type === 'held');
const ruleAsk = `approvals rule 0 (${policy}:3:12)`;
const ruleDeny = `approvals rule 1 (${policy}:4:12)`;
check(held.length === 1 && held[0].rule === ruleAsk, 'the hold is recorded with the rule that held it', held);
const heldCall = calls.find((c) => c.arguments.code.includes('HOLD'));
check(heldCall?.approval?.decision === 'approve' && heldCall.approval.by === me && heldCall.approval.rule === ruleAsk,
      'the approved call records the decision, who made it and the rule', heldCall);
const denied = calls.find((c) => c.arguments.code.includes('FORBIDDEN'));
check(denied?.approval?.decision === 'deny' && denied.approval.by === 'policy' && denied.approval.rule === ruleDeny && denied.result.isError === true,
      'the deny is recorded as the policy\'s decision with its rule', denied);
check(calls.filter((c) => c.approval).length === 2, 'calls run unasked record no decision', calls.map((c) => c.approval));

const replay = spawnSync(cli, ['replay', '--json', rec.file], { encoding: 'utf8', env, timeout: 600000 });
log(replay.stdout.trimEnd());
const report = JSON.parse(replay.stdout || '{}');
check(replay.status === 0 && report.identical === true, 'the session replays identical on the recorded decisions', replay.stderr);
const notes = report.notes ?? [];
check(notes.some((n) => /did not run: recorded decision deny by policy/.test(n)), 'the replay refuses the denied call again, asking nobody', notes);
check(notes.some((n) => new RegExp(`runs on the recorded decision approve by ${me}`).test(n)), 'the replay runs the approved call on its decision', notes);

// ---- default "ask": a tool no rule lists is held
const askPolicy = path.join(dir, 'ask.json');
writeFileSync(askPolicy, JSON.stringify({ sandbox: true, permissions, approvals: { rules: [{ tool: 'code.run', action: 'allow' }], default: 'ask' } }));
const askDir = path.join(dir, 'ask-records');
const askClient = await connect(['--policy', askPolicy, '--record-dir', askDir, '--sandbox-tools', 'box', '--approve-timeout', '120']);
r = await askClient.callTool({ name: 'code.run', arguments: { code: 'console.log("listed")' } });
check(!r.isError && r.structuredContent?.stdout === 'listed\n', 'the tool a rule allows runs unasked', r);
call = askClient.callTool({ name: 'box.list', arguments: { path: '.' } });
const q = await pendingCall('box.list');
check(q.tool === 'box.list', 'box.list, which no rule lists, is held by the default', q);
check(approver('refuse', q.id, '--reason', 'not now').status === 0, 'refuse ID answers it');
r = await call;
check(r.isError === true && text(r).includes('not now'), 'the refused call gets the reason as a tool error', r);
await askClient.close();
const askRec = await endedSessionRecord(askDir);
const askHeld = askRec.lines.find((l) => l.type === 'held');
check(askHeld?.tool === 'box.list' && askHeld.rule === 'approvals default', 'the record says the default held it', askHeld);

// ---- the section's timeout_ms: an unanswered hold is refused after it
const shortPolicy = path.join(dir, 'short.json');
writeFileSync(shortPolicy, JSON.stringify({ sandbox: true, permissions, approvals: { default: 'ask', timeout_ms: 1000 } }));
const shortClient = await connect(['--policy', shortPolicy, '--record-dir', path.join(dir, 'short-records')]);
const started = Date.now();
r = await shortClient.callTool({ name: 'code.run', arguments: { code: 'console.log("late")' } });
check(r.isError === true && /nobody answered within 1 s/.test(text(r)) && Date.now() - started >= 1000,
      'a hold nobody answers is refused after the section\'s timeout_ms', r);
await shortClient.close();

// ---- a bad section stops the server before any client, naming file, line and column
function refusal(name, body) {
    const file = path.join(dir, name);
    writeFileSync(file, body);
    const run = spawnSync(cli, ['mcp', '--policy', file, '--record-dir', path.join(dir, 'never')], { encoding: 'utf8', env, timeout: 60000, input: '' });
    return { file, status: run.status, stderr: run.stderr ?? '' };
}
let bad = refusal('action.json', '{"approvals": {"rules": [\n  {"tool": "code.run",\n   "action": "prompt"}]}}\n');
check(bad.status === 2 && bad.stderr.includes(`${bad.file}:3:14: "action" must be one of ask, allow, deny, not "prompt"`),
      'an unknown action is refused at its line and column', bad);
bad = refusal('glob.json', '{"approvals": {"rules": [\n  {"tool": "sandbox.*", "action": "deny"}]}}\n');
check(bad.status === 2 && bad.stderr.includes(`${bad.file}:2:12: approvals rule 0: "sandbox.*" matches no tool this server offers`),
      'a tool glob matching no tool of the server is refused at its line and column', bad);
bad = refusal('key.json', '{"approvals": {"rules": [], "defualt": "deny"}}\n');
check(bad.status === 2 && bad.stderr.includes(`${bad.file}:1:29: unknown key "defualt" in "approvals"`), 'an unknown key is refused at its place', bad);
check(sessionFiles(path.join(dir, 'never')).length === 0, 'no refused server recorded a session');
finish();
