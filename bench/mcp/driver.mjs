// The agent server's benchmark driver (bench/mcp/run starts it): one MCP client session over
// stdio with the official TypeScript client, and in the same rounds the baselines, alternating
// which side goes first:
//   code.run of hello.ts (as code, and as the entry file) through the server  against  bare
//   `deno run hello.ts`
//   box.exec of `true` answered through the server       against  `docker exec CONTAINER true`
// Times are request to response as the client sees them (the SDK's own work included), in
// microseconds, beside a ping's round trip through the same session (the protocol's floor);
// prints one line per measure: name median min max.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [cli, deno, workdir, policy, recordDir, image, container, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const sdkBase = path.join(process.env.SANDBENCH_MCP_CLIENT_DIR, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
const { Client } = await import(pathToFileURL(path.join(sdkBase, 'client', 'index.js')).href);
const { StdioClientTransport } = await import(pathToFileURL(path.join(sdkBase, 'client', 'stdio.js')).href);

const transport = new StdioClientTransport({
    command: cli,
    args: ['mcp', '--policy', policy, '--workdir', workdir, '--sandbox-tools', 'box:exec', '--image', image,
           '--network', 'none', '--record-dir', recordDir],
    env: { ...process.env },
    stderr: 'inherit',
});
const client = new Client({ name: 'sandbench-mcp-bench', version: '1.0.0' });
await client.connect(transport);
await client.listTools();

const now = () => process.hrtime.bigint();
const us = (t0) => Number((now() - t0) / 1000n);

async function call(name, args, expectStdout) {
    const t0 = now();
    const r = await client.callTool({ name, arguments: args });
    const t = us(t0);
    if (r.isError || r.structuredContent?.exitCode !== 0 || (expectStdout !== undefined && r.structuredContent.stdout !== expectStdout))
        throw new Error(`${name} failed: ${JSON.stringify(r)}`);
    return t;
}
function bare(command, args, expectStdout) {
    const t0 = now();
    const r = spawnSync(command, args, { encoding: 'utf8', cwd: workdir });
    const t = us(t0);
    if (r.status !== 0 || (expectStdout !== undefined && r.stdout !== expectStdout))
        throw new Error(`${command} ${args.join(' ')} failed: ${r.status} ${r.stderr}`);
    return t;
}

const hello = 'hello, world\n';
const helloSource = readFileSync(path.join(workdir, 'hello.ts'), 'utf8');
const sides = {
    // The same program twice: as code (what an agent sends) and as the workdir's entry file.
    'code.run {code} (server)': () => call('code.run', { code: helloSource }, hello),
    'code.run {entrypoint} (server)': () => call('code.run', { entrypoint: 'hello.ts' }, hello),
    'deno run hello.ts (bare)': () => bare(deno, ['run', '--no-config', 'hello.ts'], hello),
    // For reference: the same script as a one-off run of the CLI (a fresh runtime each time).
    'sandbench-cli run hello.ts': () => bare(cli, ['run', '--sandbox', '--workdir', workdir, 'hello.ts'], hello),
    'box.exec true (server)': () => call('box.exec', { command: 'true' }),
    'docker exec true (bare)': () => bare('docker', ['exec', container, 'true']),
    // The floor under both: a JSON-RPC ping through the same client, transport and server loop.
    'ping (server)': async () => {
        const t0 = now();
        await client.ping();
        return us(t0);
    },
};
const times = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));

// Warm-up: the first box.exec creates the session's sandbox; Deno's code cache fills.
for (const side of Object.values(sides))
    await side();

const pairs = [['code.run {code} (server)', 'deno run hello.ts (bare)', 'sandbench-cli run hello.ts'],
               ['box.exec true (server)', 'docker exec true (bare)']];
for (let i = 0; i < rounds; i++) {
    times['ping (server)'].push(await sides['ping (server)']());
    for (const pair of pairs) {
        const order = i % 2 ? [...pair].reverse() : pair;
        for (const name of order)
            times[name].push(await sides[name]());
    }
}
// Entry-file runs last, in rounds of their own: one between two code runs makes the server
// start its waiting runtime again for the other kind (measured: the code runs' median then
// jumps from about 15 ms to about 70 ms).
for (let i = 0; i < rounds; i++)
    times['code.run {entrypoint} (server)'].push(await sides['code.run {entrypoint} (server)']());
await client.close();

const median = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
for (const [name, list] of Object.entries(times))
    console.log(`${name}\t${median(list)}\t${Math.min(...list)}\t${Math.max(...list)}`);
