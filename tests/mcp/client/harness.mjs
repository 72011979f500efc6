// What the MCP client tests share: loading the pinned SDK from where scripts/setup installs it,
// checks that count failures instead of stopping at the first, the server's command line, temp
// folders, and the replay of a recorded agent session.
//
// Plain ES module for Node.js 18.14 or later (Debian 12's): no APIs newer than that.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// The version tests/mcp/client/package.json pins: what the installed client must be.
export const pinnedSdkVersion = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'))
    .dependencies['@modelcontextprotocol/sdk'];

let failures = 0;
let passes = 0;

export function log(...parts) {
    console.log(...parts);
}

// A check that failed is reported and counted; the test goes on, so that one run shows all
// that is wrong. The process exits non-zero at the end when any failed (finish()).
export function check(ok, what, detail) {
    if (ok) {
        passes++;
        console.log(`PASS ${what}`);
    } else {
        failures++;
        console.log(`FAIL ${what}${detail === undefined ? '' : `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`);
    }
    return ok;
}

// Stops the test now: for what makes the rest meaningless (no SDK, no server).
export function fatal(message) {
    console.log(`FAIL ${message}`);
    process.exit(1);
}

export function finish() {
    console.log(`${passes} passed, ${failures} failed`);
    process.exit(failures === 0 ? 0 : 1);
}

function requiredEnv(name, why) {
    const value = process.env[name];
    if (!value)
        fatal(`${name} is not set: ${why}`);
    return value;
}

// The SDK from $SANDBENCH_MCP_CLIENT_DIR/node_modules (scripts/setup). ES modules ignore
// NODE_PATH, so the modules are imported by absolute file URL, through the package's exports
// map entries (dist/esm/...). A missing or different client fails the test: it is a dependency
// scripts/setup installs, not an optional one.
export async function loadSdk() {
    const dir = requiredEnv('SANDBENCH_MCP_CLIENT_DIR',
                            'the MCP client tests need the client scripts/setup installs ($SANDBENCH_PREFIX/mcp-client)');
    const base = path.join(dir, 'node_modules', '@modelcontextprotocol', 'sdk');
    const packageJson = path.join(base, 'package.json');
    if (!existsSync(packageJson))
        fatal(`the MCP TypeScript client is missing (${packageJson}): run scripts/setup`);
    const version = JSON.parse(readFileSync(packageJson, 'utf8')).version;
    if (version !== pinnedSdkVersion)
        fatal(`${base} is @modelcontextprotocol/sdk ${version}, tests/mcp/client pins ${pinnedSdkVersion}: run scripts/setup`);
    const load = (sub) => import(pathToFileURL(path.join(base, 'dist', 'esm', sub)).href);
    const [client, stdio, http, types] = await Promise.all([
        load('client/index.js'), load('client/stdio.js'), load('client/streamableHttp.js'), load('types.js'),
    ]);
    return {
        Client: client.Client,
        StdioClientTransport: stdio.StdioClientTransport,
        StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
        McpError: types.McpError,
        ErrorCode: types.ErrorCode,
        version,
    };
}

export function cliPath() {
    const cli = requiredEnv('SANDBENCH_CLI', 'ctest passes the sandbench-cli it built');
    if (!existsSync(cli))
        fatal(`SANDBENCH_CLI ${cli} does not exist: build sandbench-cli`);
    return cli;
}

// The tests need a real engine, like every Docker integration test here: no engine is a failure.
export function requireDocker() {
    requiredEnv('DOCKER_HOST', 'the MCP tests need a Docker engine with the sandbox images (scripts/test starts one)');
}

export function tempDir(prefix) {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    process.on('exit', () => {
        if (!process.env.SANDBENCH_KEEP_TEST_FILES)
            rmSync(dir, { recursive: true, force: true });
    });
    return dir;
}

export function writeJson(file, value) {
    writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

// The policy code.run gets: deny by default, the workdir alone readable (the engine adds it).
export function writePolicy(file) {
    writeJson(file, { sandbox: true, permissions: { deny_fs: true, deny_net: true, deny_env: true, deny_run: true } });
}

export function sessionFiles(recordDir) {
    return existsSync(recordDir) ? readdirSync(recordDir).filter((f) => f.endsWith('.sbagent')).sort() : [];
}

// Waits, at most timeoutMs, for a process id to be gone (the server shutting down after the
// client left). Polling the pid is the only way here: the SDK's transport owns the child.
export async function waitForExit(pid, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        try {
            process.kill(pid, 0);
        } catch {
            return true;
        }
        if (Date.now() > deadline)
            return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}

// Replays one recorded agent session offline; the recording must replay identical (exit 0).
export function replayIdentical(cli, file) {
    log(`replaying ${file}`);
    const run = spawnSync(cli, ['replay', file], { encoding: 'utf8', timeout: 600000, env: process.env });
    log(run.stdout.trimEnd());
    if (run.stderr)
        log(run.stderr.trimEnd());
    check(run.status === 0, `sandbench-cli replay of the recorded session is identical (exit 0)`,
          `exit ${run.status}${run.signal ? ` signal ${run.signal}` : ''}${run.error ? ` ${run.error.message}` : ''}`);
    return run;
}

// One JSON-RPC tool call that must be refused: either a JSON-RPC error (thrown by the SDK) or a
// tool result with isError. With rpcCode, only that JSON-RPC error will do (the spec's -32602
// for an unknown tool or bad arguments). Returns a description of the refusal, or null when it
// succeeded.
export async function expectRefusal(client, name, args, what, rpcCode) {
    try {
        const result = await client.callTool({ name, arguments: args });
        if (result.isError && rpcCode !== undefined) {
            check(false, `${what}: refused with JSON-RPC error ${rpcCode}`, result.content);
            return `isError`;
        }
        if (result.isError) {
            const text = (result.content ?? []).map((c) => c.text ?? '').join(' ');
            check(text.length > 0, `${what}: refused as a tool error that says why`, text);
            return `isError: ${text}`;
        }
        check(false, `${what}: refused`, result);
        return null;
    } catch (e) {
        check(typeof e.message === 'string' && e.message.length > 0 && (rpcCode === undefined || e.code === rpcCode),
              `${what}: refused with a JSON-RPC error${rpcCode === undefined ? '' : ` ${rpcCode}`}`, String(e));
        return `error ${e.code}: ${e.message}`;
    }
}

// Calls a tool that must succeed, returning its result (structuredContent checked against the
// tool's outputSchema by the SDK itself, since the client listed the tools first).
export async function callOk(client, name, args, what) {
    try {
        const result = await client.callTool({ name, arguments: args });
        if (!check(!result.isError, `${what}: succeeds`, result.content))
            return null;
        return result;
    } catch (e) {
        check(false, `${what}: succeeds`, String(e));
        return null;
    }
}

// "structuredContent plus the same as text": the first text item is that JSON.
export function checkTextMirrorsStructured(result, what) {
    if (!result)
        return;
    const text = (result.content ?? []).find((c) => c.type === 'text');
    let parsed;
    try {
        parsed = text ? JSON.parse(text.text) : undefined;
    } catch {
        parsed = undefined;
    }
    check(parsed !== undefined && JSON.stringify(parsed) === JSON.stringify(result.structuredContent),
          `${what}: the text content is the structuredContent as JSON`, text ? text.text.slice(0, 200) : 'no text item');
}

// Starts sandbench-cli with args as a child of this process (the HTTP test and the benchmark;
// the stdio test lets the SDK's transport start it). stderr is collected and echoed.
export function startServer(cli, args) {
    const child = spawn(cli, args, { stdio: ['ignore', 'ignore', 'pipe'], env: process.env });
    child.stderrText = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
        child.stderrText += chunk;
        process.stdout.write(chunk.replace(/^(?=.)/gm, 'server: '));
    });
    child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    return child;
}

// The protocol version the client agreed at initialize: the SDK tells its transport through
// setProtocolVersion (which the stdio transport does not define; then this is the only one).
export function watchProtocolVersion(transport) {
    let agreed = '';
    const original = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version) => {
        agreed = version;
        original?.(version);
    };
    return () => agreed;
}

// ---- the approver's side, for the tests of held calls

// `sandbench-cli ARGS...` as a person's approver runs it, in `env` (its XDG_RUNTIME_DIR).
export function runApprover(cli, env, ...args) {
    const r = spawnSync(cli, args, { encoding: 'utf8', env, timeout: 60000 });
    return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

// Waits (deadline 60 s) until the approver lists a held call of `tool` not in `seen`.
export async function nextPending(cli, env, tool, seen = new Set()) {
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline) {
        for (const line of runApprover(cli, env, 'approvals', '--json').stdout.split('\n').filter((l) => l.length > 0)) {
            const p = JSON.parse(line);
            if (p.tool === tool && !seen.has(p.id)) {
                seen.add(p.id);
                return p;
            }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    fatal(`no held ${tool} call was listed within 60 s`);
}

// The one session recorded in `d`, as parsed lines, once it has ended (deadline 30 s).
export async function endedSessionRecord(d) {
    const deadline = Date.now() + 30000;
    for (;;) {
        const files = sessionFiles(d);
        if (files.length === 1) {
            const lines = readFileSync(path.join(d, files[0]), 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
            if (lines.some((l) => l.type === 'end') || Date.now() > deadline)
                return { file: path.join(d, files[0]), lines };
        } else if (Date.now() > deadline) {
            fatal(`no single session in ${d}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
}
