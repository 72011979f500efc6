// The agent server's sandboxes made to measure, with the official TypeScript MCP client against
// `sandbench-cli mcp` on the real engine:
//  - `--env NAME=VALUE` and `--env-file FILE`: every session's sandbox has the variables on its
//    first exec, claimed from the warm pool (the very container kept warm, not a cold start);
//    the record keeps their names, never their values.
//  - `--from SNAPSHOT`: each session's sandbox holds the snapshot's files, and what one session
//    writes no other sees; the record names the snapshot and its digest, and replays identical.
//  - Bad entries of either, a missing snapshot, --from with --warm and a lifetime past the
//    engine's longest stop the server at start with an error naming the option and the entry,
//    never showing a value.
//
//   SANDBENCH_CLI=... SANDBENCH_MCP_CLIENT_DIR=... DOCKER_HOST=... node tests/mcp/client/envfrom.mjs
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
    callOk, check, cliPath, fatal, finish, loadSdk, log, replayIdentical, requireDocker, sessionFiles, startServer,
    tempDir, waitForExit,
} from './harness.mjs';

const sdk = await loadSdk();
const cli = cliPath();
requireDocker();
const dir = tempDir('sb-mcp-envfrom-');

function run(args, timeout = 180000) {
    return spawnSync(cli, args, { encoding: 'utf8', timeout, input: '', env: process.env });
}

function header(file) {
    return JSON.parse(readFileSync(file, 'utf8').split('\n')[0]);
}

// ---- refused at start, naming the option and the entry, showing no value
function refused(args, what, says, hides = []) {
    const r = run(['mcp', '--sandbox-tools', 'box:exec', '--record-dir', path.join(dir, 'refused'), ...args]);
    const first = (r.stderr ?? '').split('\n')[0];
    check(r.status === 2, `${what}: the server does not start (exit 2)`, { status: r.status, stderr: first });
    for (const s of says)
        check(first.includes(s), `${what}: the error says ${JSON.stringify(s)}`, first);
    for (const s of hides)
        check(!r.stderr.includes(s) && !r.stdout.includes(s), `${what}: the error does not show ${JSON.stringify(s)}`, first);
}
refused(['--env', 'sk-live-4f9a8b7c6d5e'], '--env without =', ['--env', "no '='"], ['sk-live-4f9a8b7c6d5e']);
refused(['--env', '=s3cr3t-value-1'], '--env with an empty name', ['--env', 'name is empty'], ['s3cr3t-value-1']);
refused(['--env', 'API KEY=s3cr3t-value-2'], '--env with a space in the name', ['--env', 'the name holds', 'at character 4'],
        ['s3cr3t-value-2', 'API KEY']);
refused(['--env', 'PASS-WORD=s3cr3t-value-3'], '--env with a dash in the name', ['--env', "'-'"], ['s3cr3t-value-3']);
refused(['--env', '9LIVES=s3cr3t-value-4'], '--env with a name starting with a digit', ['--env', "'9' at character 1"], ['s3cr3t-value-4']);
refused(['--env', 'TOKEN=abc\u001bdef-s3cr3t'], '--env with an escape in the value', ['--env', 'TOKEN', 'control character'],
        ['def-s3cr3t']);
refused(['--env', 'TOKEN=abc\u0007bell-s3cr3t'], '--env with a BEL in the value', ['--env', 'TOKEN', 'control character'], ['bell-s3cr3t']);
refused(['--env', 'OK=1', '--env', 'B\u00e4D=s3cr3t-value-5'], 'the second --env with a non-ASCII name', ['--env #2', 'U+00E4'],
        ['s3cr3t-value-5']);
refused(['--env', 'SANDBENCH_EXEC=1'], '--env of a reserved name', ['--env', 'SANDBENCH_EXEC is reserved']);
refused(['--env', 'A=s3cr3t-1', '--env', 'A=s3cr3t-2'], '--env with a name twice', ['--env #2', 'A is given twice'], ['s3cr3t-1', 's3cr3t-2']);
const badFile = path.join(dir, 'bad.env');
writeFileSync(badFile, '# the sandboxes\' variables\nGOOD=1\n\nthis-line-is-a-s3cr3t\n');
refused(['--env-file', badFile], 'a bad line in --env-file', ['--env-file', `${badFile}:4`, "no '='"], ['this-line-is-a-s3cr3t']);
const dupFile = path.join(dir, 'dup.env');
writeFileSync(dupFile, 'GOOD=from-file-s3cr3t\n');
refused(['--env', 'GOOD=1', '--env-file', dupFile], '--env-file repeating an --env name', ['--env-file', 'GOOD is given twice'],
        ['from-file-s3cr3t']);
refused(['--env-file', path.join(dir, 'missing.env')], 'a missing --env-file', ['missing.env']);
refused(['--from', 'no-such-snapshot-4b1d'], '--from a snapshot that does not exist', ['--from no-such-snapshot-4b1d', 'no snapshot']);
refused(['--from', 'Bad/Name'], '--from a name no snapshot can have', ['--from']);
refused(['--from', 'any-name', '--warm', '1'], '--from with --warm', ['--from any-name', '--warm']);
refused(['--from', 'any-name', '--image', 'sandbench/base:1'], '--from with --image', ['--image', '--from']);
refused(['--lifetime', '86401'], '--lifetime past the engine\'s longest', ['--lifetime', '86400']);

// ---- --env with --warm: the variables on the first exec, in the container kept warm
{
    const envFile = path.join(dir, 'good.env');
    writeFileSync(envFile, '# comment\r\nOTHER=from the file\r\nEMPTY=\r\n');
    const recordDir = path.join(dir, 'records-warm');
    const args = ['mcp', '--sandbox-tools', 'box:exec', '--network', 'none', '--lifetime', '600', '--max-sandboxes', '1',
                  '--warm', '1', '--env', 'GREETING=hello-env', '--env', 'WITH_EQUALS=a=b', '--env-file', envFile,
                  '--record-dir', recordDir];
    log(`starting ${cli} ${args.join(' ')}`);
    const transport = new sdk.StdioClientTransport({ command: cli, args, env: { ...process.env }, stderr: 'inherit' });
    const client = new sdk.Client({ name: 'sandbench-mcp-env-test', version: '1.0.0' });
    try {
        await client.connect(transport);
    } catch (e) {
        fatal(`initialize over stdio: ${e}`);
    }
    const serverPid = transport.pid;
    // The server's only container (--max-sandboxes 1), made before any call: the warm one.
    const ours = () => {
        const ps = spawnSync('docker', ['ps', '-a', '--no-trunc', '--filter', 'label=io.sandbench.owner',
                                        '--format', '{{.ID}} {{.State}} {{.Label "io.sandbench.owner"}}'], { encoding: 'utf8' });
        return (ps.stdout ?? '').split('\n').filter(Boolean).map((l) => l.split(' '))
            .filter((f) => f[2]?.split('/')[1] === String(serverPid));
    };
    let warm = [];
    for (const deadline = Date.now() + 120000; Date.now() < deadline;) {
        warm = ours();
        if (warm.length === 1 && warm[0][1] === 'running')
            break;
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
    check(warm.length === 1 && warm[0][1] === 'running', 'the server keeps one sandbox warm before any session calls', warm);
    const r = await callOk(client, 'box.exec', { command: 'printf "%s|%s|%s|%s" "$GREETING" "$OTHER" "$WITH_EQUALS" "${EMPTY-unset}"; echo claimed > /workspace/marker' },
                           'the first box.exec');
    check(r?.structuredContent.stdout === 'hello-env|from the file|a=b|', 'the first exec sees the --env and --env-file variables',
          r?.structuredContent);
    const after = ours();
    check(after.length === 1 && after[0][0] === warm[0]?.[0], 'the session\'s sandbox is the warm container (no cold start)', { warm, after });
    if (warm.length === 1) {
        const marker = spawnSync('docker', ['exec', warm[0][0], 'cat', '/workspace/marker'], { encoding: 'utf8' });
        check(marker.stdout === 'claimed\n', 'what the session wrote is in the container that was kept warm', marker.stdout || marker.stderr);
    }
    await client.close();
    await waitForExit(serverPid, 60000);
    const files = sessionFiles(recordDir);
    check(files.length === 1, 'the session was recorded', files);
    if (files.length === 1) {
        const server = header(path.join(recordDir, files[0])).server;
        check(JSON.stringify(server.envNames) === JSON.stringify(['EMPTY', 'GREETING', 'OTHER', 'WITH_EQUALS']),
              'the record names the variables', server.envNames);
        const text = JSON.stringify(server);
        check(!text.includes('hello-env') && !text.includes('from the file'), 'the record\'s server keeps no value', text);
    }
}

// ---- --from: a snapshot's files in every session's sandbox, each session's writes its own
const snapshot = `mcp-from-${randomBytes(4).toString('hex')}`;
process.on('exit', () => run(['sandbox', 'rm-snapshot', snapshot], 60000));
{
    const made = run(['sandbox', 'create', '--lifetime', '300']);
    const id = made.stdout.trim();
    if (made.status !== 0 || !id)
        fatal(`sandbox create: ${made.status} ${made.stderr}`);
    const wrote = run(['sandbox', 'exec', id, '--', 'sh', '-c', 'echo prepared once > /workspace/base.txt']);
    check(wrote.status === 0, 'a file is written into the sandbox to snapshot', wrote.stderr);
    const snap = run(['sandbox', 'snapshot', id, snapshot]);
    check(snap.status === 0, `sandbox snapshot ${snapshot}`, snap.stderr);
    run(['sandbox', 'rm', id]);
}
const listed = JSON.parse(run(['sandbox', 'snapshots', '--json']).stdout || '[]');
const digest = listed.find((s) => s.name === snapshot)?.digest;
check(typeof digest === 'string' && digest.startsWith('sha256:'), 'the snapshot is listed with a digest', listed);

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
{
    const recordDir = path.join(dir, 'records-from');
    const tokenFile = path.join(dir, 'token');
    const token = randomBytes(24).toString('hex');
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    const port = await freePort();
    const args = ['mcp', '--http', `127.0.0.1:${port}`, '--token-file', tokenFile, '--sandbox-tools', 'box:exec,write',
                  '--from', snapshot, '--env', 'GREETING=hi-from', '--network', 'none', '--lifetime', '600',
                  '--max-sandboxes', '2', '--record-dir', recordDir];
    log(`starting ${cli} ${args.join(' ')}`);
    const server = startServer(cli, args);
    const listening = await new Promise((resolve) => {
        const deadline = setTimeout(() => resolve(false), 120000);
        const look = () => {
            if (/listening on http:/.test(server.stderrText)) {
                clearTimeout(deadline);
                resolve(true);
            }
        };
        server.stderr.on('data', look);
        server.exited.then(() => resolve(false));
        look();
    });
    if (!listening)
        fatal(`the server did not start: ${server.stderrText}`);
    const connect = async (name) => {
        const transport = new sdk.StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
            requestInit: { headers: { Authorization: `Bearer ${token}` } },
        });
        const client = new sdk.Client({ name, version: '1.0.0' });
        await client.connect(transport);
        return { client, transport };
    };
    const a = await connect('sandbench-mcp-from-a');
    const b = await connect('sandbench-mcp-from-b');
    // Session a's calls depend on the snapshot alone, so its record replays identical.
    let r = await callOk(a.client, 'box.exec', { command: 'cat base.txt' }, 'session a reads the snapshot\'s file');
    check(r?.structuredContent.stdout === 'prepared once\n', 'session a\'s sandbox holds the snapshot\'s file', r?.structuredContent);
    await callOk(a.client, 'box.write', { path: 'mine.txt', content: 'written by a' }, 'session a writes mine.txt');
    r = await callOk(b.client, 'box.exec', { command: 'cat base.txt; echo "$GREETING"; ls -A /workspace' }, 'session b looks around');
    check(r?.structuredContent.stdout === 'prepared once\nhi-from\nbase.txt\n',
          'session b sees the snapshot\'s file and its variable, and not session a\'s file', r?.structuredContent);
    await callOk(b.client, 'box.write', { path: 'theirs.txt', content: 'written by b' }, 'session b writes theirs.txt');
    r = await callOk(a.client, 'box.exec', { command: 'ls -A /workspace; cat mine.txt' }, 'session a looks again');
    check(r?.structuredContent.stdout === 'base.txt\nmine.txt\nwritten by a', 'session a sees its own file and not session b\'s',
          r?.structuredContent);
    for (const s of [a, b]) {
        await s.transport.terminateSession().catch(() => {});
        await s.client.close();
    }
    server.kill('SIGTERM');
    const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve(null), 60000))]);
    check(exit !== null, 'the server stops on SIGTERM', exit);
    if (exit === null) {
        server.kill('SIGKILL');
        await waitForExit(server.pid, 10000);
    }
    const files = sessionFiles(recordDir).map((f) => path.join(recordDir, f));
    check(files.length === 2, 'both sessions were recorded', files);
    for (const file of files) {
        const s = header(file).server;
        check(s.snapshot === snapshot && s.snapshotDigest === digest, 'the record names the snapshot and its digest', s);
        check(JSON.stringify(s.envNames) === '["GREETING"]' && !JSON.stringify(s).includes('hi-from'),
              'the record names the variable and keeps no value', s);
    }
    const ofA = files.find((f) => readFileSync(f, 'utf8').includes('sandbench-mcp-from-a'));
    if (ofA)
        replayIdentical(cli, ofA);
    else
        check(false, 'session a\'s record is found');
}
finish();
