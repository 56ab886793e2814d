import { generateKeyPairSync, createPrivateKey, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * The publisher's side of the update signature (docs/security.md#update-verification).
 *   tsx scripts/update-signing.ts keygen <private.pem>      a new ed25519 pair: the private key to the
 *                                                          file given (keep it off this repository), the
 *                                                          public one to build/update-signing/update-public-key.pem
 *   tsx scripts/update-signing.ts sign <private.pem> <files...>   writes <file>.sig (base64) beside each file
 * The app built after keygen checks every update against that public key; upload each installer's .sig
 * next to it on the feed.
 */
const PUBLIC_KEY_FILE = 'build/update-signing/update-public-key.pem';
const [command, keyFile, ...files] = process.argv.slice(2);

if (command === 'keygen' && keyFile) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  writeFileSync(PUBLIC_KEY_FILE, publicKey.export({ type: 'spki', format: 'pem' }));
  process.stdout.write(`private key: ${keyFile}\npublic key: ${PUBLIC_KEY_FILE}\n`);
} else if (command === 'sign' && keyFile && files.length > 0) {
  const key = createPrivateKey(readFileSync(keyFile));
  for (const file of files) {
    writeFileSync(`${file}.sig`, sign(null, readFileSync(file), key).toString('base64'));
    process.stdout.write(`${basename(file)}.sig\n`);
  }
} else {
  process.stderr.write('usage: update-signing.ts keygen <private.pem> | sign <private.pem> <files...>\n');
  process.exit(2);
}
