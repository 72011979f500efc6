#include "seededrandom.h"

namespace Sandbench {

namespace {

const char preloadPart[] = R"JS(
if (SEED !== null) {
  // A Worker gets a stream of its own: seed and place in the worker tree, hashed (cyrb53-style)
  // into an sfc32 generator. The main thread keeps the runtime's seeded stream.
  if (WORKER_ID !== null) {
    const text = `${SEED}/${WORKER_ID}`;
    let h1 = 0xdeadbeef, h2 = 0x41c6ce57, h3 = 0x9e3779b9, h4 = 0x85ebca6b;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761); h2 = Math.imul(h2 ^ c, 1597334677);
      h3 = Math.imul(h3 ^ c, 2246822507); h4 = Math.imul(h4 ^ c, 3266489909);
    }
    let a = h1 >>> 0, b = h2 >>> 0, c = h3 >>> 0, d = h4 >>> 0;
    const next = () => {
      a |= 0; b |= 0; c |= 0; d |= 0;
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); c = (c + t) | 0;
      return t >>> 0;
    };
    for (let i = 0; i < 16; i++) next();
    Object.defineProperty(Math, "random", { value: () => (next() * 2 ** 21 + (next() >>> 11)) / 2 ** 53, configurable: true, writable: true });
    const fill = (view) => {
      if (!ArrayBuffer.isView(view) || view instanceof Float32Array || view instanceof Float64Array || view instanceof DataView)
        throw new TypeError("getRandomValues: an integer typed array is required");
      if (view.byteLength > 65536) throw new DOMException("getRandomValues: more than 65536 bytes", "QuotaExceededError");
      const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      for (let i = 0; i < bytes.length; i += 4) {
        const r = next();
        for (let j = 0; j < 4 && i + j < bytes.length; j++) bytes[i + j] = (r >>> (8 * j)) & 0xff;
      }
      return view;
    };
    Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true, writable: true });
    Object.defineProperty(globalThis.crypto, "randomUUID", {
      configurable: true, writable: true,
      value: () => {
        const b = fill(new Uint8Array(16));
        b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
        const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
      },
    });
  }

  // WebCrypto keys from seeded bytes: secret keys as raw bytes, Ed25519/X25519 and EC keys as
  // PKCS#8 with a seeded private part (the public part is derived). RSA is left to the runtime.
  const subtle = globalThis.crypto.subtle;
  const realGenerate = subtle.generateKey.bind(subtle);
  const hex = (h) => new Uint8Array(h.match(/../g).map((x) => parseInt(x, 16)));
  const seeded = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n));
  const PKCS8 = {
    Ed25519: ["302e020100300506032b657004220420", 32],
    X25519: ["302e020100300506032b656e04220420", 32],
    "P-256": ["3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420", 32],
    "P-384": ["304e020100301006072a8648ce3d020106052b81040022043730350201010430", 48],
  };
  const pair = async (algorithm, name, curve, extractable, usages, privateUses, publicUses) => {
    const [prefix, size] = PKCS8[curve];
    const secret = seeded(size);
    if (curve.startsWith("P-")) secret[0] &= 0x7f; // below the group order
    const der = new Uint8Array([...hex(prefix), ...secret]);
    const privUsages = usages.filter((u) => privateUses.includes(u));
    const pubUsages = usages.filter((u) => publicUses.includes(u));
    const full = await subtle.importKey("pkcs8", der, algorithm, true, privUsages);
    const jwk = await subtle.exportKey("jwk", full);
    const pub = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, ...(jwk.y ? { y: jwk.y } : {}) };
    return {
      privateKey: await subtle.importKey("pkcs8", der, algorithm, extractable, privUsages),
      publicKey: await subtle.importKey("jwk", pub, algorithm, true, pubUsages),
    };
  };
  Object.defineProperty(subtle, "generateKey", {
    configurable: true, writable: true,
    value: async function generateKey(algorithm, extractable, usages) {
      const alg = typeof algorithm === "string" ? { name: algorithm } : algorithm;
      const name = String(alg?.name ?? "").toUpperCase();
      if (name.startsWith("AES-") && [128, 192, 256].includes(alg.length))
        return subtle.importKey("raw", seeded(alg.length / 8), alg, extractable, usages);
      if (name === "HMAC") {
        const hash = typeof alg.hash === "string" ? alg.hash : alg.hash?.name;
        const bits = alg.length ?? (/384|512/.test(String(hash)) ? 1024 : 512);
        if (bits % 8 === 0) return subtle.importKey("raw", seeded(bits / 8), { name: "HMAC", hash, length: bits }, extractable, usages);
      }
      if (name === "ED25519") return pair(alg, "Ed25519", "Ed25519", extractable, usages, ["sign"], ["verify"]);
      if (name === "X25519") return pair(alg, "X25519", "X25519", extractable, usages, ["deriveKey", "deriveBits"], []);
      if ((name === "ECDSA" || name === "ECDH") && PKCS8[alg.namedCurve])
        return pair(alg, name, alg.namedCurve, extractable, usages,
                    name === "ECDSA" ? ["sign"] : ["deriveKey", "deriveBits"], name === "ECDSA" ? ["verify"] : []);
      return realGenerate(algorithm, extractable, usages);
    },
  });
}
)JS";

const char cryptoShim[] = R"JS(// Generated by Sandbench: node:crypto with every random source drawn from the seeded stream.
import * as real from "node:crypto";
import { Buffer } from "node:buffer";
export * from "node:crypto";

const inWorker = globalThis.__sandbenchWorkerId !== undefined;
const seededBytes = (n) => {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) globalThis.crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
};
const later = (callback, ...values) => queueMicrotask(() => callback(null, ...values));

export function randomInt(min, max, callback) {
  if (typeof max === "function" || max === undefined) {
    callback = max;
    max = min;
    min = 0;
  }
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max <= min || max - min > 2 ** 48) {
    throw new RangeError(`randomInt: invalid range [${min}, ${max})`);
  }
  const range = max - min;
  const limit = 2 ** 48 - (2 ** 48 % range);
  const words = new Uint16Array(3);
  let x;
  do {
    globalThis.crypto.getRandomValues(words);
    x = words[0] * 2 ** 32 + words[1] * 2 ** 16 + words[2];
  } while (x >= limit);
  const value = min + (x % range);
  if (typeof callback === "function") {
    later(callback, value);
    return undefined;
  }
  return value;
}

export function randomFillSync(buffer, offset = 0, size) {
  const view = ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer);
  const end = size === undefined ? view.length : offset + size;
  if (offset < 0 || end > view.length) throw new RangeError("randomFillSync: offset or size out of range");
  view.set(seededBytes(end - offset), offset);
  return buffer;
}

export function randomFill(buffer, offset, size, callback) {
  if (typeof offset === "function") [callback, offset, size] = [offset, 0, undefined];
  else if (typeof size === "function") [callback, size] = [size, undefined];
  randomFillSync(buffer, offset, size);
  later(callback, buffer);
}

export const randomBytes = inWorker
  ? (size, callback) => { const b = Buffer.from(seededBytes(size)); if (callback) { later(callback, b); return undefined; } return b; }
  : real.randomBytes;
export const randomUUID = inWorker ? () => globalThis.crypto.randomUUID() : real.randomUUID;
export const getRandomValues = (view) => globalThis.crypto.getRandomValues(view);

export function generateKeySync(type, options) {
  if (type !== "hmac" && type !== "aes") return real.generateKeySync(type, options);
  return real.createSecretKey(Buffer.from(seededBytes(Math.floor(options.length / 8))));
}

export function generateKey(type, options, callback) {
  const key = generateKeySync(type, options);
  later(callback, key);
}

const PKCS8 = {
  ed25519: ["302e020100300506032b657004220420", 32],
  x25519: ["302e020100300506032b656e04220420", 32],
  "prime256v1": ["3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420", 32],
  "P-256": ["3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420", 32],
  "secp384r1": ["304e020100301006072a8648ce3d020106052b81040022043730350201010430", 48],
  "P-384": ["304e020100301006072a8648ce3d020106052b81040022043730350201010430", 48],
};

export function generateKeyPairSync(type, options = {}) {
  const which = type === "ec" ? options.namedCurve : type;
  if (!PKCS8[which]) return real.generateKeyPairSync(type, options);
  const [prefix, size] = PKCS8[which];
  const secret = seededBytes(size);
  if (type === "ec") secret[0] &= 0x7f;
  const privateKey = real.createPrivateKey({ key: Buffer.concat([Buffer.from(prefix, "hex"), Buffer.from(secret)]), format: "der", type: "pkcs8" });
  const publicKey = real.createPublicKey(privateKey);
  return {
    publicKey: options.publicKeyEncoding ? publicKey.export(options.publicKeyEncoding) : publicKey,
    privateKey: options.privateKeyEncoding ? privateKey.export(options.privateKeyEncoding) : privateKey,
  };
}

export function generateKeyPair(type, options, callback) {
  const { publicKey, privateKey } = generateKeyPairSync(type, options);
  later(callback, publicKey, privateKey);
}

const CURVE_BYTES = { prime256v1: 32, secp256k1: 32, secp384r1: 48, secp521r1: 66 };
export function createECDH(curve) {
  const ecdh = real.createECDH(curve);
  const size = CURVE_BYTES[curve];
  if (size) {
    ecdh.generateKeys = (encoding, format) => {
      const secret = seededBytes(size);
      secret[0] &= size === 66 ? 0x00 : 0x7f; // below the group order
      secret[size - 1] |= 1;                  // never zero
      ecdh.setPrivateKey(Buffer.from(secret));
      return ecdh.getPublicKey(encoding, format);
    };
  }
  return ecdh;
}

export function generatePrimeSync(bits, options = {}) {
  if (options.add !== undefined || options.rem !== undefined || bits < 3) return real.generatePrimeSync(bits, options);
  const bytes = Math.ceil(bits / 8);
  for (;;) {
    const b = seededBytes(bytes);
    const extra = bytes * 8 - bits;
    b[0] &= 0xff >>> extra;
    b[0] |= 0x80 >>> extra; // exactly `bits` long
    b[bytes - 1] |= 1;      // odd
    const n = BigInt("0x" + Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));
    if (!real.checkPrimeSync(n) || (options.safe && !real.checkPrimeSync((n - 1n) / 2n))) continue;
    return options.bigint ? n : b.buffer;
  }
}

export function generatePrime(bits, options, callback) {
  if (typeof options === "function") [callback, options] = [options, {}];
  const prime = generatePrimeSync(bits, options);
  later(callback, prime);
}

export default { ...real.default, randomInt, randomFillSync, randomFill, randomBytes, randomUUID, getRandomValues,
  generateKeySync, generateKey, generateKeyPairSync, generateKeyPair, createECDH, generatePrimeSync, generatePrime };
)JS";

} // namespace

QByteArray seededPreloadPart()
{
    return QByteArray(preloadPart);
}

QByteArray cryptoShimModule()
{
    return QByteArray(cryptoShim);
}

} // namespace Sandbench
