import { argon2id, hash, needsRehash as argonNeedsRehash, verify } from 'argon2';

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): strong enough for staff passwords and fast
 * enough (~20-40 ms) that seeding demo users and a busy login hour stay cheap.
 */
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...COST, type: argon2id });
}

/** false for a wrong password and for a hash we cannot read (never throws on bad stored data). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** true when the stored hash was made with other parameters than today's, so it is upgraded on login. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    return argonNeedsRehash(stored, COST);
  } catch {
    return true;
  }
}
