import { createDecipheriv, type createECDH, hkdfSync } from 'node:crypto';

/** A device's push keys as a browser's push client holds them (RFC 8291). */
export interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  /** The 16-byte auth secret. */
  auth: Buffer;
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer | string, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from(info), length));
}

/**
 * Decrypts an `aes128gcm` push body (RFC 8188 content coding with the RFC
 * 8291 key schedule) with the device's private key and auth secret, as the
 * browser does before handing the data to the service worker.
 */
export function decryptPushBody(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender public key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const devicePublic = device.ecdh.getPublicKey();
  const sharedSecret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublic, senderPublic]);
  const ikm = hkdf(device.auth, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
