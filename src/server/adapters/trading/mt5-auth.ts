import { createHash, randomBytes } from 'node:crypto';

const md5 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** MT5 Web API: pwHash = MD5( MD5(UTF-16LE password) || ASCII "WebAPI" ), on raw bytes. */
export function mt5PasswordHash(password: string): Buffer {
  return md5(md5(Buffer.from(password, 'utf16le')), Buffer.from('WebAPI', 'ascii'));
}

/**
 * The answer to a random challenge: hex(MD5(pwHash || bytes of the challenge)). The client answers the
 * server's srv_rand with it, and checks the server's cli_rand_answer the same way (mutual proof).
 */
export function mt5RandAnswer(passwordHash: Buffer, randHex: string): string {
  if (!/^(?:[0-9a-f]{2})+$/i.test(randHex)) throw new Error('MT5 challenge is not hex');
  return md5(passwordHash, Buffer.from(randHex, 'hex')).toString('hex');
}

/** The client's own challenge: 16 random bytes as hex. */
export function mt5ClientRand(): string {
  return randomBytes(16).toString('hex');
}
