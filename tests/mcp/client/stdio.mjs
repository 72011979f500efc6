// "Done means", over stdio: the official TypeScript MCP client starts `sandbench-cli mcp` as a
// real separate process (StdioClientTransport), lists the tools, calls each enabled one against
// real Deno and a real Docker sandbox of the desktop image, is refused for each disabled one and
// for bad arguments while the server keeps serving, and the recorded session then replays
// identical offline.
//
//   SANDBENCH_CLI=... SANDBENCH_MCP_CLIENT_DIR=... DOCKER_HOST=... node tests/mcp/client/stdio.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
    callOk, check, checkTextMirrorsStructured, cliPath, expectRefusal, fatal, finish, loadSdk, log,
    replayIdentical, requireDocker, watchProtocolVersion, sessionFiles, tempDir, waitForExit, writePolicy,
} from './harness.mjs';

const sdk = await loadSdk();
const cli = cliPath();
requireDocker();
const image = process.env.SANDBENCH_MCP_DESKTOP_IMAGE || 'sandbench/desktop:2';

const dir = tempDir('sb-mcp-stdio-');
const policy = path.join(dir, 'policy.json');
const workdir = path.join(dir, 'work');
const recordDir = path.join(dir, 'records');
writePolicy(policy);
mkdirSync(workdir);
writeFileSync(path.join(workdir, 'greet.ts'), 'console.log(`hello ${Deno.args.join(" ")}`);\n');

const args = ['mcp', '--policy', policy, '--workdir', workdir,
              '--sandbox-tools', 'box:exec,write,ports', '--sandbox-tools', 'desk:desktop',
              '--image', image, '--network', 'all', '--port', '8080', '--lifetime', '600', '--max-sandboxes', '2',
              '--record-dir', recordDir];
log(`starting ${cli} ${args.join(' ')}`);
const transport = new sdk.StdioClientTransport({ command: cli, args, env: { ...process.env }, stderr: 'inherit' });
const agreedVersion = watchProtocolVersion(transport);
const client = new sdk.Client({ name: 'sandbench-mcp-stdio-test', version: '1.0.0' });
try {
    await client.connect(transport);
} catch (e) {
    fatal(`initialize over stdio: ${e}`);
}
const serverPid = transport.pid;
check(['2025-06-18', '2025-11-25'].includes(agreedVersion()), 'the client and server agreed on 2025-06-18 or 2025-11-25', agreedVersion());
check(client.getServerCapabilities()?.tools !== undefined, 'the server has the tools capability', client.getServerCapabilities());

// ---- the tool list: exactly the enabled tools, with titles, schemas and annotations
const readOnly = new Set(['read', 'list', 'url', 'screenshot']);
const destructive = new Set(['exec', 'write', 'remove', 'click', 'scroll', 'type', 'key']);
const expected = ['code.run',
                  'box.read', 'box.list', 'box.exec', 'box.write', 'box.remove', 'box.url',
                  'desk.read', 'desk.list', 'desk.screenshot', 'desk.click', 'desk.scroll', 'desk.type', 'desk.key'];
const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort();
check(JSON.stringify(names) === JSON.stringify([...expected].sort()), 'exactly the enabled tools are listed',
      { listed: names, expected: [...expected].sort() });
for (const tool of tools) {
    const verb = tool.name.split('.').pop();
    check(typeof tool.title === 'string' && tool.title.length > 0, `${tool.name} has a title`);
    check(tool.inputSchema?.type === 'object', `${tool.name} has an object inputSchema`);
    check(tool.outputSchema?.type === 'object', `${tool.name} has an object outputSchema`);
    if (readOnly.has(verb))
        check(tool.annotations?.readOnlyHint === true, `${tool.name} is annotated readOnlyHint`, tool.annotations);
    if (destructive.has(verb))
        check(tool.annotations?.destructiveHint === true && tool.annotations?.readOnlyHint !== true,
              `${tool.name} is annotated destructiveHint`, tool.annotations);
}

// ---- code.run against real Deno, under the server's policy
let r = await callOk(client, 'code.run', { code: 'console.log("hello world")' }, 'code.run hello world');
if (r) {
    checkTextMirrorsStructured(r, 'code.run');
    check(r.structuredContent.stdout === 'hello world\n', 'code.run prints hello world', r.structuredContent);
    check(r.structuredContent.exitCode === 0 && r.structuredContent.timedOut === false, 'code.run exits 0, not timed out');
}
r = await callOk(client, 'code.run', { entrypoint: 'greet.ts', args: ['from', 'mcp'] }, 'code.run of an entrypoint with args');
if (r)
    check(r.structuredContent.stdout === 'hello from mcp\n', 'code.run entrypoint gets its args', r.structuredContent);
r = await callOk(client, 'code.run', {
    code: 'try { Deno.readTextFileSync("/etc/hostname"); console.log("read"); } catch (e) { console.log(e.name); }',
}, 'code.run of a read the policy denies');
if (r) {
    const sc = r.structuredContent;
    check(sc.stdout === 'NotCapable\n' || sc.stdout === 'PermissionDenied\n', 'the denied read fails inside the code', sc.stdout);
    check(sc.denied >= 1, 'the denied read shows in the denied count', sc);
}
await expectRefusal(client, 'code.run', { entrypoint: '../outside.ts' }, 'code.run of an entrypoint outside the workdir');
await expectRefusal(client, 'code.run', { code: 'console.log(1)', entrypoint: 'greet.ts' }, 'code.run with both code and entrypoint', -32602);

// ---- the exec/write/ports tool set, in a real Docker sandbox
r = await callOk(client, 'box.exec', { command: 'echo hi' }, 'box.exec echo hi');
if (r) {
    checkTextMirrorsStructured(r, 'box.exec');
    check(r.structuredContent.exitCode === 0 && r.structuredContent.stdout === 'hi\n', 'box.exec echo hi: exit 0, "hi"', r.structuredContent);
}
r = await callOk(client, 'box.exec', { command: 'cat; echo "$PWD" >&2; exit 3', stdin: 'from stdin' }, 'box.exec with stdin and an exit code');
let sandboxWorkdir = '';
if (r) {
    check(r.structuredContent.stdout === 'from stdin' && r.structuredContent.exitCode === 3, 'box.exec passes stdin and the exit code', r.structuredContent);
    sandboxWorkdir = String(r.structuredContent.stderr ?? '').trim();
}
r = await callOk(client, 'box.exec', { command: 'mkdir -p sub/dir' }, 'box.exec mkdir');
r = await callOk(client, 'box.exec', { command: 'pwd', cwd: 'sub/dir' }, 'box.exec with a cwd');
if (r)
    check(r.structuredContent.stdout === `${sandboxWorkdir}/sub/dir\n`, 'box.exec runs in the cwd given', r.structuredContent);
await expectRefusal(client, 'box.exec', { command: 'pwd', cwd: '/tmp' }, 'box.exec with a cwd outside the workdir');
await expectRefusal(client, 'box.exec', { command: 'pwd', cwd: '../..' }, 'box.exec with a .. cwd');

r = await callOk(client, 'box.write', { path: 'notes/a.txt', content: 'hello sandbox\n' }, 'box.write of text');
r = await callOk(client, 'box.read', { path: 'notes/a.txt' }, 'box.read of text');
if (r) {
    checkTextMirrorsStructured(r, 'box.read');
    check(r.structuredContent.content === 'hello sandbox\n', 'box.read returns what box.write wrote', r.structuredContent);
}
r = await callOk(client, 'box.read', { path: 'notes/a.txt', offset: 6, length: 7 }, 'box.read of a part');
if (r)
    check(r.structuredContent.content === 'sandbox', 'box.read with offset and length returns that part', r.structuredContent);
if (sandboxWorkdir.startsWith('/')) {
    r = await callOk(client, 'box.read', { path: `${sandboxWorkdir}/notes/a.txt` }, 'box.read of an absolute path inside the workdir');
    if (r)
        check(r.structuredContent.content === 'hello sandbox\n', 'an absolute path inside the workdir reads the same file', r.structuredContent);
}
const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x01, 0x80]);
r = await callOk(client, 'box.write', { path: 'bin.dat', content: bytes.toString('base64'), encoding: 'base64' }, 'box.write of base64 bytes');
r = await callOk(client, 'box.read', { path: 'bin.dat' }, 'box.read of bytes that are not text');
if (r) {
    const sc = r.structuredContent;
    check(sc.encoding === 'base64' && Buffer.from(sc.content ?? '', 'base64').equals(bytes), 'box.read returns the bytes as base64', sc);
}
r = await callOk(client, 'box.exec', { command: 'od -An -tx1 bin.dat | tr -d " \\n"' }, 'box.exec sees the written bytes');
if (r)
    check(r.structuredContent.stdout === bytes.toString('hex'), 'the bytes in the sandbox are exactly those written', r.structuredContent.stdout);
r = await callOk(client, 'box.list', { path: '.' }, 'box.list of the workdir');
if (r) {
    checkTextMirrorsStructured(r, 'box.list');
    const listed = JSON.stringify(r.structuredContent);
    check(listed.includes('"notes"') && listed.includes('"bin.dat"'), 'box.list shows notes and bin.dat', r.structuredContent);
}
r = await callOk(client, 'box.remove', { path: 'bin.dat' }, 'box.remove of a file');
await callOk(client, 'box.remove', { path: 'notes', recursive: true }, 'box.remove of a folder, recursive');
r = await callOk(client, 'box.exec', { command: 'ls -A' }, 'box.exec after remove');
if (r)
    check(!r.structuredContent.stdout.includes('bin.dat') && !r.structuredContent.stdout.includes('notes'),
          'box.remove removed both', r.structuredContent.stdout);
// A port the server publishes (--port 8080): its URL on loopback reaches a listener in the box.
r = await callOk(client, 'box.url', { port: 8080 }, 'box.url for a published port');
const portUrl = r?.structuredContent?.url ?? '';
check(/^http:\/\/127\.0\.0\.1:\d+\/?$/.test(portUrl), 'box.url gives a loopback URL', r?.structuredContent);
await expectRefusal(client, 'box.url', { port: 8081 }, 'box.url for a port the server does not publish');
r = await callOk(client, 'box.exec', {
    command: 'setsid perl -MIO::Socket::INET -e \'$s = IO::Socket::INET->new(LocalPort => 8080, Listen => 5, ReuseAddr => 1) or die;'
           + ' while ($c = $s->accept) { <$c>; print $c "HTTP/1.0 200 OK\\r\\nContent-Length: 7\\r\\n\\r\\nin box\\n"; close $c }\''
           + ' </dev/null >/dev/null 2>&1 &',
}, 'box.exec starts a listener on 8080');
if (portUrl) {
    // The listener comes up in its own time: poll, bounded.
    let body = '';
    for (const deadline = Date.now() + 20000; Date.now() < deadline && body !== 'in box\n';) {
        try {
            const response = await fetch(portUrl, { signal: AbortSignal.timeout(2000) });
            body = await response.text();
        } catch {
            await new Promise((resolve) => setTimeout(resolve, 200));
        }
    }
    check(body === 'in box\n', 'the URL of box.url reaches the listener in the sandbox', body);
}

// ---- the desktop tool set: a screenshot is an image, input succeeds
r = await callOk(client, 'desk.screenshot', {}, 'desk.screenshot');
if (r) {
    const image = (r.content ?? []).find((c) => c.type === 'image');
    check(image?.mimeType === 'image/png', 'desk.screenshot returns image/png content', r.content?.map((c) => c.type));
    const png = Buffer.from(image?.data ?? '', 'base64');
    check(png.length > 24 && png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
          && png.subarray(12, 16).toString('latin1') === 'IHDR', 'the screenshot decodes to a PNG', `${png.length} bytes`);
    const width = png.length > 24 ? png.readUInt32BE(16) : 0;
    const height = png.length > 24 ? png.readUInt32BE(20) : 0;
    check(width >= 640 && height >= 480, 'the PNG is a whole screen', { width, height });
    check(r.structuredContent?.mimeType === 'image/png' && r.structuredContent?.bytes === png.length,
          'the screenshot\'s structuredContent describes the image', r.structuredContent);
    if (r.structuredContent?.width !== undefined)
        check(r.structuredContent.width === width && r.structuredContent.height === height,
              'the screenshot\'s structuredContent has the PNG\'s size', r.structuredContent);
}
await callOk(client, 'desk.click', { x: 100, y: 100 }, 'desk.click');
await callOk(client, 'desk.click', { x: 120, y: 110, button: 'right' }, 'desk.click with a button');
await callOk(client, 'desk.scroll', { x: 100, y: 100, dy: 3 }, 'desk.scroll');
await callOk(client, 'desk.type', { text: 'hello' }, 'desk.type');
await callOk(client, 'desk.key', { keys: 'ctrl+a' }, 'desk.key');
r = await callOk(client, 'desk.list', { path: '.' }, 'desk.list');

// ---- refused: disabled tools, unknown tools, bad arguments; the server keeps serving
for (const name of ['box.screenshot', 'box.click', 'desk.exec', 'desk.write', 'desk.remove', 'desk.url', 'nobox.exec', 'code.eval']) {
    const how = await expectRefusal(client, name, name.endsWith('screenshot') ? {} : { command: 'true', path: 'x', content: 'x', port: 1, x: 1, y: 1 },
                                    `calling ${name}, which is not enabled`, -32602);
    log(`  ${name}: ${how}`);
}
await expectRefusal(client, 'box.exec', { command: 42 }, 'box.exec with a number for command', -32602);
await expectRefusal(client, 'box.exec', {}, 'box.exec without command', -32602);
await expectRefusal(client, 'box.exec', { command: 'true', shell: '/bin/bash' }, 'box.exec with an unknown argument', -32602);
await expectRefusal(client, 'box.read', { path: 'x', offset: 'ten' }, 'box.read with a string offset', -32602);
await expectRefusal(client, 'box.url', { port: 70000 }, 'box.url with a port out of range', -32602);
await expectRefusal(client, 'box.write', { path: 'x', content: 'not base64!', encoding: 'base64' }, 'box.write of bad base64');
await expectRefusal(client, 'box.write', { path: 'x', content: 'x', encoding: 'latin1' }, 'box.write with an unknown encoding', -32602);
await expectRefusal(client, 'box.read', { path: '../../../../etc/passwd' }, 'box.read of a .. path out of the workdir');
await expectRefusal(client, 'box.write', { path: '../escaped.txt', content: 'out' }, 'box.write of a .. path out of the workdir');
await expectRefusal(client, 'box.write', { path: '/tmp/escaped.txt', content: 'out' }, 'box.write of an absolute path outside the workdir');
await expectRefusal(client, 'box.remove', { path: '..', recursive: true }, 'box.remove of the workdir\'s parent');
await expectRefusal(client, 'box.list', { path: '../..' }, 'box.list of a .. path out of the workdir');
r = await callOk(client, 'box.exec', { command: 'ls -A ..; test ! -e ../escaped.txt && test ! -e /tmp/escaped.txt' }, 'box.exec after the refusals');
if (r)
    check(r.structuredContent.exitCode === 0, 'the refused writes wrote nothing outside the workdir', r.structuredContent);
r = await callOk(client, 'code.run', { code: 'console.log("still here")' }, 'code.run after the refusals');
if (r)
    check(r.structuredContent.stdout === 'still here\n', 'the server still serves code.run');

// ---- close; the server releases the sandboxes and closes the record; it replays identical
await client.close();
check(await waitForExit(serverPid, 60000), 'the server exits once the client closed stdio');
const files = sessionFiles(recordDir);
check(files.length === 1, 'the client session was recorded as one .sbagent file', files);
if (files.length === 1)
    replayIdentical(cli, path.join(recordDir, files[0]));
finish();
