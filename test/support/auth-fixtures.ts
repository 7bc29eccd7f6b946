/**
 * Signing for authentication tests: test keys (RSA and Ed25519) whose public halves a stub zone serves,
 * and helpers that DKIM-sign and ARC-seal messages with mailauth, exactly as a sending MTA or a mailing
 * list would.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { dkimSign, sealMessage } from 'mailauth';
import type { Zone } from './stub-dns.js';

export interface TestKey {
  algorithm: 'rsa-sha256' | 'ed25519-sha256';
  privateKey: string;
  /** The DKIM TXT record (`v=DKIM1; k=…; p=…`). */
  record: string;
}

function keyRecord(type: 'rsa' | 'ed25519', publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  // Ed25519 keys are published as the raw 32 bytes (RFC 8463 §4.2), RSA as the SubjectPublicKeyInfo.
  return `v=DKIM1; k=${type}; p=${(type === 'ed25519' ? der.subarray(der.length - 32) : der).toString('base64')}`;
}

export function rsaKey(bits = 1024): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return { algorithm: 'rsa-sha256', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), record: keyRecord('rsa', publicKey) };
}

export function ed25519Key(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { algorithm: 'ed25519-sha256', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), record: keyRecord('ed25519', publicKey) };
}

/** Zone entries publishing `key` at `selector._domainkey.domain`. */
export const dkimRecord = (domain: string, selector: string, key: TestKey): Zone => ({ [`TXT ${selector}._domainkey.${domain}`]: [[key.record]] });

/** The message with a DKIM-Signature of `domain` on top. */
export async function signDkim(raw: string, domain: string, selector: string, key: TestKey): Promise<string> {
  const options = { signatureData: [{ signingDomain: domain, selector, privateKey: key.privateKey, algorithm: key.algorithm }] };
  const result = await dkimSign(raw, options as unknown as Parameters<typeof dkimSign>[1]);
  if (result.errors.length) throw new Error(`dkimSign: ${JSON.stringify(result.errors)}`);
  return result.signatures + raw;
}

/** The message with an ARC set of `domain` on top, recording `authResults` as what the sealer saw. */
export async function sealArc(raw: string, domain: string, selector: string, key: TestKey, authResults: string, cv: 'none' | 'pass' | 'fail' = 'none'): Promise<string> {
  const sealed = await sealMessage(raw, { signingDomain: domain, selector, privateKey: key.privateKey, algorithm: key.algorithm, authResults, cv } as Parameters<typeof sealMessage>[1]);
  return sealed.toString() + raw;
}

/** A plain RFC 5322 message with CRLF line ends. */
export function mail(headers: Record<string, string> | Array<[string, string]>, body = 'Hello Bob,\r\nsee you at noon.\r\n'): string {
  const list = Array.isArray(headers) ? headers : Object.entries(headers);
  return `${list.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}
