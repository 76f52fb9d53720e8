import { createHash, randomInt } from "node:crypto";

/** Lower-case letters and digits a reader cannot mistake for one another (no i, l, o, 0, 1). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUP_LENGTH = 4;

/**
 * A secret a person copies by hand: groups of four ("k7mq-3xwp-…"), about 19.8 bits a group, typed
 * on a phone without a shift key and taken back with or without its dashes, in either case. A
 * calendar app's device password has four groups; a recovery code for a second factor three.
 */
export function readableSecret(groups: number): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  ).join("-");
}

/** What is stored of one: the SHA-256 of it as typed, without dashes or spaces, in lower case. */
export function hashReadableSecret(secret: string): string {
  return createHash("sha256").update(secret.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}
