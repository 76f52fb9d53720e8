import zlib from "node:zlib";

export type ZipFailure = "not_zip" | "unsupported" | "too_large" | "corrupt";

export class ZipError extends Error {
  constructor(
    readonly kind: ZipFailure,
    detail: string,
  ) {
    super(detail);
    this.name = "ZipError";
  }
}

export interface ZipLimits {
  /** Central-directory entries, folders and macOS extras included. */
  maxEntries: number;
  maxEntryBytes: number;
  /** Uncompressed bytes of all the files kept, together. */
  maxTotalBytes: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 64, maxEntryBytes: 32 * 1024 * 1024, maxTotalBytes: 64 * 1024 * 1024 };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_BYTES = 22;
const ZIP64_LOCATOR_BYTES = 20;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
const MAX_COMMENT_BYTES = 0xffff;
const ENCRYPTED_FLAG = 1 << 0;
const UTF8_NAMES_FLAG = 1 << 11;
const STORED = 0;
const DEFLATED = 8;

/**
 * The files of a ZIP archive (an admin's OneRoster CSV bundle) by their path inside it, read
 * whole from memory. Written here rather than taken from a package: the format subset that
 * bundles use (stored or deflated, no ZIP64, no encryption) is small, and a reader we own can
 * refuse zip bombs before they cost anything: the entry count, each entry's size and the total are
 * capped from the central directory's declarations before inflating, and inflating itself stops at
 * the cap (`maxOutputLength`), so an archive that lies about a size is refused, not inflated.
 * Every size and CRC-32 is checked, so a damaged upload is refused rather than half imported.
 * Folders and the `__MACOSX/` and `._name` extras that macOS Finder adds are left out; names are
 * never used as paths, yet unsafe ones (`..`, absolute, backslashes) are refused as a sign of a
 * hostile archive. Throws a `ZipError` whose `kind` says why.
 */
export function readZip(archive: Buffer, limits: ZipLimits = ZIP_LIMITS): Map<string, Buffer> {
  const end = findEndOfCentralDirectory(archive);
  const thisDisk = archive.readUInt16LE(end + 4);
  const directoryDisk = archive.readUInt16LE(end + 6);
  const entriesOnDisk = archive.readUInt16LE(end + 8);
  const entryCount = archive.readUInt16LE(end + 10);
  const directorySize = archive.readUInt32LE(end + 12);
  const directoryStart = archive.readUInt32LE(end + 16);
  const zip64Locator = end >= ZIP64_LOCATOR_BYTES && archive.readUInt32LE(end - ZIP64_LOCATOR_BYTES) === ZIP64_END_LOCATOR;
  if (zip64Locator || entryCount === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff) {
    throw new ZipError("unsupported", "ZIP64 archive");
  }
  if (thisDisk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) throw new ZipError("unsupported", "multi-disk archive");
  if (entryCount > limits.maxEntries) throw new ZipError("too_large", `${entryCount} entries, more than ${limits.maxEntries}`);
  const directoryEnd = directoryStart + directorySize;
  if (directoryEnd > end) throw new ZipError("corrupt", "central directory out of bounds");

  const files = new Map<string, Buffer>();
  const names = new Set<string>();
  let totalBytes = 0;
  let at = directoryStart;
  for (let index = 0; index < entryCount; index++) {
    if (at + CENTRAL_HEADER_BYTES > directoryEnd || archive.readUInt32LE(at) !== CENTRAL_FILE_HEADER) {
      throw new ZipError("corrupt", `central directory entry ${index} missing`);
    }
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameEnd = at + CENTRAL_HEADER_BYTES + archive.readUInt16LE(at + 28);
    const next = nameEnd + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const localHeader = archive.readUInt32LE(at + 42);
    if (next > directoryEnd) throw new ZipError("corrupt", `central directory entry ${index} out of bounds`);
    const name = archive.toString(flags & UTF8_NAMES_FLAG ? "utf8" : "latin1", at + CENTRAL_HEADER_BYTES, nameEnd);
    at = next;

    if (!isSafeName(name)) throw new ZipError("corrupt", `unsafe name ${JSON.stringify(name)}`);
    if (names.has(name)) throw new ZipError("corrupt", `duplicate name ${JSON.stringify(name)}`);
    names.add(name);
    if (isSkipped(name)) continue;
    if (compressedSize === 0xffffffff || size === 0xffffffff || localHeader === 0xffffffff) {
      throw new ZipError("unsupported", `ZIP64 entry ${name}`);
    }
    if (flags & ENCRYPTED_FLAG) throw new ZipError("unsupported", `encrypted entry ${name}`);
    if (method !== STORED && method !== DEFLATED) throw new ZipError("unsupported", `compression method ${method} in ${name}`);
    if (size > limits.maxEntryBytes) throw new ZipError("too_large", `${name} declares ${size} bytes`);
    totalBytes += size;
    if (totalBytes > limits.maxTotalBytes) throw new ZipError("too_large", `more than ${limits.maxTotalBytes} bytes in all`);

    const data = inflate(method, entryData(archive, localHeader, compressedSize, directoryStart, name), limits.maxEntryBytes, name);
    if (data.length !== size) throw new ZipError("corrupt", `${name} is ${data.length} bytes, not the ${size} declared`);
    if (zlib.crc32(data) !== crc) throw new ZipError("corrupt", `${name} fails its CRC-32`);
    files.set(name, data);
  }
  return files;
}

/** The record is last but for a comment of any length up to 64 KiB, so it is searched from the end. */
function findEndOfCentralDirectory(archive: Buffer): number {
  const lowest = Math.max(0, archive.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = archive.length - END_RECORD_BYTES; at >= lowest; at--) {
    // The comment must end the file exactly, so signature bytes inside a comment are passed over.
    if (archive.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY && at + END_RECORD_BYTES + archive.readUInt16LE(at + 20) === archive.length) {
      return at;
    }
  }
  throw new ZipError("not_zip", "no end of central directory record");
}

/** The local header's name and extra lengths can differ from the central directory's, so its own are used. */
function entryData(archive: Buffer, localHeader: number, compressedSize: number, directoryStart: number, name: string): Buffer {
  if (localHeader + LOCAL_HEADER_BYTES > directoryStart || archive.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) {
    throw new ZipError("corrupt", `local header of ${name} missing`);
  }
  const dataStart = localHeader + LOCAL_HEADER_BYTES + archive.readUInt16LE(localHeader + 26) + archive.readUInt16LE(localHeader + 28);
  if (dataStart + compressedSize > directoryStart) throw new ZipError("corrupt", `data of ${name} out of bounds`);
  return archive.subarray(dataStart, dataStart + compressedSize);
}

function inflate(method: number, data: Buffer, maxEntryBytes: number, name: string): Buffer {
  // A copy, so a kept file does not pin the whole upload in memory.
  if (method === STORED) return Buffer.from(data);
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: maxEntryBytes });
  } catch (error) {
    if (error instanceof RangeError) throw new ZipError("too_large", `${name} inflates past ${maxEntryBytes} bytes`);
    throw new ZipError("corrupt", `${name} does not inflate: ${(error as Error).message}`);
  }
}

function isSafeName(name: string): boolean {
  return name !== "" && !name.startsWith("/") && !/[\\\0]/.test(name) && !name.split("/").includes("..");
}

/** Folders, and the resource forks and metadata macOS Finder adds to the archives it makes. */
function isSkipped(name: string): boolean {
  return name.endsWith("/") || name.startsWith("__MACOSX/") || (name.split("/").pop() ?? "").startsWith("._");
}
