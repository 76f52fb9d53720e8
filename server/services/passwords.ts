import { hash, verify } from "@node-rs/argon2";

// argon2id with the parameters of docs/product.md#sessions-and-csrf (19 MiB, 2 passes, 1 lane).
// The PHC string stored in the database carries them, so raising them later leaves old hashes
// verifiable.
const ARGON2ID = 2; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** At most this many hashes run at once, so a burst of sign-ins cannot exhaust memory or CPU. */
const MAX_CONCURRENT_HASHES = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, HASH_OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return bounded(() => verify(passwordHash, password).catch(() => false));
}

let dummyHash: Promise<string> | undefined;
/**
 * For an unknown email, verify against a throwaway hash so the answer takes as long as for a
 * known one: timing must not tell which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing-Aa1!");
  await verifyPassword(await dummyHash, password);
  return false;
}
