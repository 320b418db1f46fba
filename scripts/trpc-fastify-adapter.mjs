// Rewrites @trpc/server's Fastify adapter (issue 35): an answer tRPC has whole (every query and
// mutation answer that is not streamed) is sent as one buffer with one write, and a GET or HEAD is
// handed to resolveResponse() without building a fetch Request (see BODILESS below).
//
// tRPC's resolveResponse() builds the JSON answer as one string, then wraps it in a fetch Response,
// whose body is a ReadableStream. The Fastify adapter hands that Response to reply.send(), and
// Fastify sends a ReadableStream chunk by chunk: no Content-Length, chunked transfer encoding, the
// body read back through the stream's reader (promises per chunk), and @fastify/compress
// compresses a stream whatever its size (a 40-byte answer through a brotli stream).
//
// The rewrite: resolveResponse() returns `{ body, status, headers }` instead of the Response for
// those whole answers when its caller asks for it with the option `Symbol.for("trpc.patch.wholeBody")`
// (a symbol: it cannot collide with an option of tRPC or of an application, and it is the same
// symbol in the ESM and CommonJS builds). Only the Fastify adapter asks; it sets the status and the
// headers exactly as Fastify does for a Response (the same loop over the Headers) and sends the
// body as a Buffer, which Fastify writes with its Content-Length in one `end()` (and which
// @fastify/compress compresses above its threshold, with a Content-Length too). Streamed answers
// (subscriptions, httpBatchStreamLink) and HEAD are unchanged, and every other adapter still gets
// a Response.
//
// Every replacement must match exactly as often as expected; otherwise the script stops and
// writes nothing (a new tRPC build: read it before going on).
//
// Usage (after an upgrade of @trpc/server, see patches/README.md), after trpc-native-spread.mjs:
//   node scripts/trpc-native-spread.mjs && node scripts/trpc-fastify-adapter.mjs \
//     && npx patch-package @trpc/server
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const acorn = require('acorn');
const dist = path.join(path.dirname(require.resolve('@trpc/server/package.json')), 'dist');
const MARK = 'trpc.patch.wholeBody';

const HELPER = `/**
* Patched (SCMP, issue 35; patches/README.md): a caller that sends a body it has whole (the
* Fastify adapter) asks with the option Symbol.for("${MARK}") for the JSON string itself
* instead of a Response, whose body would be a stream of it.
*/
const kWholeBody = Symbol.for("${MARK}");
function wholeBodyResponse(opts, body, init) {
	if (opts[kWholeBody] === true) return {
		[kWholeBody]: true,
		body,
		status: init.status,
		headers: init.headers
	};
	return new Response(body, init);
}
async function resolveResponse(opts) {`;

const SEND = `	if (res[kWholeBody] === true) {
		// Patched (SCMP, issue 35): the whole answer as one buffer, written with its Content-Length
		// in one write; the status and headers set as Fastify sets a Response's.
		opts.res.code(res.status);
		for (const [key, value] of res.headers) opts.res.header(key, value);
		await opts.res.send(Buffer.from(res.body));
		return;
	}
	await opts.res.send(res);`;

// tRPC's adapter turns every request into a fetch Request (a copy of its headers into a Headers,
// its URL parsed twice, a signal that follows an AbortController): for a GET or HEAD, which has no
// body, resolveResponse() reads only its method, url, headers (get, has) and signal, so those are
// given as such; the abort wiring is incomingMessageToRequest's own. Anything else, and a URL that
// does not parse, still goes through incomingMessageToRequest (which answers the bad URL).
const BODILESS = `/**
* Patched (SCMP, issue 35; patches/README.md): a GET or HEAD has no body, and resolveResponse()
* reads only the method, url, headers (get, has) and signal of such a request: they are given
* without building a fetch Request. Anything else, or a URL that does not parse, is left to
* incomingMessageToRequest().
*/
function bodilessRequest(req, res) {
	if (req.method !== "GET" && req.method !== "HEAD") return void 0;
	let url;
	try {
		var _ref, _req$headers$host;
		const protocol = req.headers[":scheme"] && req.headers[":scheme"] === "https" || req.socket && "encrypted" in req.socket && req.socket.encrypted ? "https:" : "http:";
		const host = (_ref = (_req$headers$host = req.headers.host) !== null && _req$headers$host !== void 0 ? _req$headers$host : req.headers[":authority"]) !== null && _ref !== void 0 ? _ref : "localhost";
		url = new URL(req.url, \`\${protocol}//\${host}\`).href;
	} catch {
		return void 0;
	}
	const ac = new AbortController();
	const onAbort = () => {
		res.off("close", onClose);
		req.off("aborted", onAbort);
		ac.abort();
	};
	const onClose = () => {
		if (res.writableEnded) {
			req.off("aborted", onAbort);
			return;
		}
		onAbort();
	};
	res.once("close", onClose);
	req.once("aborted", onAbort);
	return {
		method: req.method,
		url,
		headers: new IncomingHeaders(req.headers),
		signal: ac.signal
	};
}
/** The Headers methods resolveResponse() uses, read from Node's (lower-cased) header object. */
var IncomingHeaders = class {
	constructor(headers) {
		this.headers = headers;
	}
	get(name) {
		const value = this.headers[name.toLowerCase()];
		if (value === void 0) return null;
		return Array.isArray(value) ? value.join(", ") : String(value);
	}
	has(name) {
		return this.headers[name.toLowerCase()] !== void 0;
	}
};`;

/** [file pattern, [from, to, expected count]…] */
const EDITS = [
  [
    /^resolveResponse-.*\.(mjs|cjs)$/,
    [
      ['async function resolveResponse(opts) {', HELPER, 1],
      // The answers made of one JSON string: a query or mutation (no batch), a batch that is not
      // streamed, and an error caught on the way. The streamed ones (subscription, jsonl) and HEAD keep `new Response(`.
      [
        /return new Response\(JSON\.stringify\(((?:require_asyncGeneratorDelegate\.)?transformTRPCResponse\(config, (?:res|resultAsRPCResponse)\))\), \{/g,
        'return wholeBodyResponse(opts, JSON.stringify($1), {',
        2,
      ],
      [
        'return new Response(body, {\n\t\t\tstatus: headResponse.status,',
        'return wholeBodyResponse(opts, body, {\n\t\t\tstatus: headResponse.status,',
        1,
      ],
    ],
  ],
  [
    /^adapters\/fastify\/index\.(mjs|cjs)$/,
    [
      [
        '//#region src/adapters/fastify/fastifyRequestHandler.ts\n',
        `//#region src/adapters/fastify/fastifyRequestHandler.ts\nconst kWholeBody = Symbol.for("${MARK}");\n`,
        1,
      ],
      [
        '\t\terror: null,\n\t\tcreateContext,\n',
        '\t\terror: null,\n\t\tcreateContext,\n\t\t[kWholeBody]: true,\n',
        1,
      ],
      ['\tawait opts.res.send(res);', SEND, 1],
      // A GET or HEAD without a fetch Request (see BODILESS).
      [
        'async function fastifyRequestHandler(opts) {',
        `${BODILESS}\nasync function fastifyRequestHandler(opts) {`,
        1,
      ],
      [
        /\tconst req = ((?:require_node_http\.)?incomingMessageToRequest\(incomingMessage, opts\.res\.raw, \{ maxBodySize: null \}\));/g,
        '\tconst req = bodilessRequest(incomingMessage, opts.res.raw) ?? $1;',
        1,
      ],
    ],
  ],
];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(mjs|cjs)$/.test(entry.name)) yield full;
  }
}

const count = (text, from) =>
  typeof from === 'string' ? text.split(from).length - 1 : (text.match(from)?.length ?? 0);

const writes = [];
for (const [pattern, edits] of EDITS) {
  const matched = [...files(dist)].filter((file) =>
    pattern.test(path.relative(dist, file).split(path.sep).join('/')),
  );
  if (matched.length !== 2)
    throw new Error(`${pattern}: expected an ESM and a CommonJS file, found ${matched.length}`);
  for (const file of matched) {
    const name = path.relative(dist, file);
    let text = readFileSync(file, 'utf8');
    if (text.includes(MARK)) throw new Error(`${name}: already patched`);
    for (const [from, to, expected] of edits) {
      const found = count(text, from);
      if (found !== expected)
        throw new Error(
          `${name}: ${String(from).slice(0, 60)}… found ${found} times, expected ${expected}`,
        );
      text = typeof from === 'string' ? text.split(from).join(to) : text.replace(from, to);
    }
    acorn.parse(text, {
      ecmaVersion: 'latest',
      sourceType: file.endsWith('.mjs') ? 'module' : 'script',
    });
    writes.push([file, text]);
    console.log(`${name}: ${edits.length} edits`);
  }
}
for (const [file, text] of writes) writeFileSync(file, text);
