import zlib from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeZip } from "../test/zip-writer";
import { readZip, ZIP_LIMITS, ZipError, type ZipFailure, type ZipLimits } from "./zip-reader";

/**
 * Made once by Info-ZIP's `zip` 3.0, so the reader is checked against a tool admins use and not
 * only against our own writer: a folder `bundle/` holding manifest.csv and users.csv (deflated),
 * classes.csv (stored: too small to shrink) and an empty empty.csv, by
 * `echo "OneRoster bundle" | zip -q -r -z system.zip bundle`. It has the folder's own entry, an
 * archive comment, and local extra fields 4 bytes longer than the central directory's (zip writes
 * the access time only locally).
 */
const INFO_ZIP_BUNDLE = [
  "UEsDBAoAAAAAAIAYIloAAAAAAAAAAAAAAAAHABwAYnVuZGxlL1VUCQADIAJ2Z9ufDGt1eAsAAQQAAAAABAAAAABQSwMECgAAAAAAgBgiWniKSToa",
  "AAAAGgAAABIAHABidW5kbGUvY2xhc3Nlcy5jc3ZVVAkAAyACdmcgAnZndXgLAAEEAAAAAAQAAAAAc291cmNlZElkLHRpdGxlCmMxLE1hdGggNwpQ",
  "SwMEFAAAAAgAgBgiWq/7/klpAAAAfQAAABAAHABidW5kbGUvdXNlcnMuY3N2VVQJAAMgAnZnIAJ2Z3V4CwABBAAAAAAEAAAAADWJMQ6DMBAEe79l",
  "m5AXEGjS0PCCwz6IJeOTOF+k8CPekY9hCoodjWZVbPMc3gFaqJjClLdMK2OJX87DZTOtMf0udfYA+VIfUCa0daPYTs6au0+Cl2CISVWys+fd/ScJ",
  "o6v8H+htkqjuBFBLAwQKAAAAAACAGCJaAAAAAAAAAAAAAAAAEAAcAGJ1bmRsZS9lbXB0eS5jc3ZVVAkAAyACdmcgAnZndXgLAAEEAAAAAAQAAAAA",
  "UEsDBBQAAAAIAIAYIlo8OQyzSwAAAGAAAAATABwAYnVuZGxlL21hbmlmZXN0LmNzdlVUCQADIAJ2ZyACdmd1eAsAAQQAAAAABAAAAABNyEEKgCAQ",
  "BdC9ZxGpDtIdxviCNDoyo0K3L6hFy/eaSoP2a6cCP4kHXKGaE6yHCbUs1a9hcVKhYh36282lzAjDnvFx8Pn6YDLDNzdQSwECHgMKAAAAAACAGCJa",
  "AAAAAAAAAAAAAAAABwAYAAAAAAAAABAA7UEAAAAAYnVuZGxlL1VUBQADIAJ2Z3V4CwABBAAAAAAEAAAAAFBLAQIeAwoAAAAAAIAYIlp4ikk6GgAA",
  "ABoAAAASABgAAAAAAAEAAACkgUEAAABidW5kbGUvY2xhc3Nlcy5jc3ZVVAUAAyACdmd1eAsAAQQAAAAABAAAAABQSwECHgMUAAAACACAGCJar/v+",
  "SWkAAAB9AAAAEAAYAAAAAAABAAAApIGnAAAAYnVuZGxlL3VzZXJzLmNzdlVUBQADIAJ2Z3V4CwABBAAAAAAEAAAAAFBLAQIeAwoAAAAAAIAYIloA",
  "AAAAAAAAAAAAAAAQABgAAAAAAAAAAACkgVoBAABidW5kbGUvZW1wdHkuY3N2VVQFAAMgAnZndXgLAAEEAAAAAAQAAAAAUEsBAh4DFAAAAAgAgBgi",
  "Wjw5DLNLAAAAYAAAABMAGAAAAAAAAQAAAKSBpAEAAGJ1bmRsZS9tYW5pZmVzdC5jc3ZVVAUAAyACdmd1eAsAAQQAAAAABAAAAABQSwUGAAAAAAUA",
  "BQCqAQAAPAIAABAAT25lUm9zdGVyIGJ1bmRsZQ==",
].join("");

/**
 * Made once by Python's zipfile writing to an unseekable stream, as a streaming exporter would:
 * its local headers carry no sizes or CRC (general-purpose bit 3, a data descriptor after each
 * entry's data), one name is UTF-8 (bit 11), and the archive has a comment. Made by
 * `zipfile.ZipFile(unseekable, "w", compression=zipfile.ZIP_DEFLATED)`, writing roles.csv and
 * élèves/enrollments.csv with `writestr` and setting `comment`.
 */
const STREAMED_BUNDLE = [
  "UEsDBBQACAAIAIAYIloAAAAAAAAAAAAAAAAJAAAAcm9sZXMuY3N2K84vLUpOTfFM0SktTi0KhvOK8nNSuYoMdUoNdYpLSlNS80q4iox0So10SlIT",
  "kzNSi7gAUEsHCHCYoGIzAAAAOQAAAFBLAwQUAAgICACAGCJaAAAAAAAAAAAAAAAAGAAAAMOpbMOodmVzL2Vucm9sbG1lbnRzLmNzdivOLy1KTk3x",
  "TNFJzkksLg6Gc0uLU4sQvKL8nFSuVEOdZEOdUkOd4pLSlNS8Ei4AUEsHCO+fHZUvAAAAPQAAAFBLAQIUAxQACAAIAIAYIlpwmKBiMwAAADkAAAAJ",
  "AAAAAAAAAAAAAACAAQAAAAByb2xlcy5jc3ZQSwECFAMUAAgICACAGCJa758dlS8AAAA9AAAAGAAAAAAAAAAAAAAAgAFqAAAAw6lsw6h2ZXMvZW5y",
  "b2xsbWVudHMuY3N2UEsFBgAAAAACAAIAfQAAAN8AAAAgAG1hZGUgYnkgcHl0aG9uIHppcGZpbGUsIHN0cmVhbWVk",
].join("");

const MANIFEST = "propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\n";
const USERS = "sourcedId,status,username,givenName,familyName\nu1,active,ana,Ana,Souza\n";
const MiB = 1024 * 1024;

/** What readZip made of the archive: its files as text, or the kind of its refusal. */
function read(archive: Buffer, limits?: Partial<ZipLimits>): Record<string, string> | ZipFailure {
  try {
    const files = readZip(archive, { ...ZIP_LIMITS, ...limits });
    return Object.fromEntries([...files].map(([name, data]) => [name, data.toString("utf8")]));
  } catch (error) {
    if (error instanceof ZipError) return error.kind;
    throw error;
  }
}

// Offsets into what writeZip writes (no archive comment), to damage it the way hostile archives are.
const endRecord = (zip: Buffer) => zip.length - 22;
function centralEntry(zip: Buffer, index: number): number {
  let at = zip.readUInt32LE(endRecord(zip) + 16);
  for (let i = 0; i < index; i++) at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  return at;
}
function localData(zip: Buffer, index: number): number {
  const local = zip.readUInt32LE(centralEntry(zip, index) + 42);
  return local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
}
/** A copy of the archive with `change` made to it. */
function damaged(zip: Buffer, change: (copy: Buffer) => void): Buffer {
  const copy = Buffer.from(zip);
  change(copy);
  return copy;
}
const flipLowestBit = (zip: Buffer, at: number) => zip.writeUInt8(zip.readUInt8(at) ^ 1, at);
/** Replaces every occurrence of `from` (local header and central directory alike) by `to`, as long. */
function renamed(zip: Buffer, from: string, to: Buffer): Buffer {
  return damaged(zip, (copy) => {
    for (let at = copy.indexOf(from); at >= 0; at = copy.indexOf(from, at + 1)) to.copy(copy, at);
  });
}
function withComment(zip: Buffer, comment: Buffer): Buffer {
  return Buffer.concat([damaged(zip, (copy) => copy.writeUInt16LE(comment.length, endRecord(copy) + 20)), comment]);
}

describe("readZip", () => {
  afterEach(() => vi.restoreAllMocks());

  describe("reads", () => {
    it.each(["stored", "deflate"] as const)("files %s, including an empty one and a UTF-8 name", (method) => {
      const zip = writeZip({ "manifest.csv": MANIFEST, "users.csv": USERS, "empty.csv": "", "élèves/名簿.csv": "ü" }, { method });
      expect(read(zip)).toEqual({ "manifest.csv": MANIFEST, "users.csv": USERS, "empty.csv": "", "élèves/名簿.csv": "ü" });
    });

    it("a file of many rows, byte for byte", () => {
      const rows = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `u${i},active,user${i},Given ${i},Family ${i % 97}\n`).join(""));
      const files = readZip(writeZip({ "users.csv": rows }));
      expect(files.get("users.csv")?.equals(rows)).toBe(true);
    });

    it("leaves out folders and what macOS Finder adds", () => {
      const zip = writeZip({
        "bundle/": "",
        "bundle/users.csv": USERS,
        "bundle/._users.csv": "AppleDouble",
        "._bundle": "AppleDouble",
        "__MACOSX/": "",
        "__MACOSX/bundle/": "",
        "__MACOSX/bundle/._users.csv": "AppleDouble",
      });
      expect(read(zip)).toEqual({ "bundle/users.csv": USERS });
    });

    it("a name without the UTF-8 flag as latin1", () => {
      const zip = damaged(renamed(writeZip({ "cafe.csv": "x" }), "cafe", Buffer.from("caf\xe9", "latin1")), (copy) => {
        copy.writeUInt16LE(0, centralEntry(copy, 0) + 8);
      });
      expect(read(zip)).toEqual({ "café.csv": "x" });
    });

    it("an archive with a comment, even one of the longest length holding an end record's signature", () => {
      const comment = Buffer.alloc(0xffff, "PK\x05\x06");
      expect(read(withComment(writeZip({ "users.csv": USERS }), comment))).toEqual({ "users.csv": USERS });
    });

    it("an archive made by Info-ZIP's zip", () => {
      const files = read(Buffer.from(INFO_ZIP_BUNDLE, "base64"));
      expect(Object.keys(files)).toEqual(["bundle/classes.csv", "bundle/users.csv", "bundle/empty.csv", "bundle/manifest.csv"]);
      expect(files).toMatchObject({
        "bundle/classes.csv": "sourcedId,title\nc1,Math 7\n",
        "bundle/empty.csv": "",
        "bundle/manifest.csv": expect.stringContaining("oneroster.version,1.2\n") as unknown,
        "bundle/users.csv": expect.stringContaining("u3,active,chloe,Chloé,Dubois\n") as unknown,
      });
    });

    it("an archive streamed with data descriptors by Python's zipfile", () => {
      expect(read(Buffer.from(STREAMED_BUNDLE, "base64"))).toEqual({
        "roles.csv": "sourcedId,userSourcedId,role\nr1,u1,student\nr2,u2,teacher\n",
        "élèves/enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\ne1,c1,u1,student\n",
      });
    });
  });

  describe("refuses", () => {
    const zip = writeZip({ "manifest.csv": MANIFEST, "users.csv": USERS }, { method: "stored" });

    it("what is not a zip as not_zip", () => {
      expect(read(Buffer.alloc(0))).toBe("not_zip");
      expect(read(Buffer.from("PK"))).toBe("not_zip");
      expect(read(Buffer.from(USERS))).toBe("not_zip");
      expect(read(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)))).toBe("not_zip");
    });

    it("an archive cut short: its end lost as not_zip, its start lost as corrupt", () => {
      expect(read(zip.subarray(0, zip.length - 10))).toBe("not_zip");
      expect(read(zip.subarray(40))).toBe("corrupt");
    });

    it("data that fails its CRC-32 as corrupt", () => {
      expect(read(damaged(zip, (copy) => flipLowestBit(copy, localData(copy, 1))))).toBe("corrupt");
      expect(read(damaged(zip, (copy) => flipLowestBit(copy, centralEntry(copy, 0) + 16)))).toBe("corrupt");
    });

    it("deflated data that does not inflate as corrupt", () => {
      const deflated = writeZip({ "users.csv": USERS });
      expect(read(damaged(deflated, (copy) => copy.fill(0xff, localData(copy, 0), localData(copy, 0) + 8)))).toBe("corrupt");
    });

    it("offsets and signatures that point nowhere as corrupt", () => {
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(0xdeadbeef, centralEntry(copy, 1))))).toBe("corrupt");
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(copy.length, centralEntry(copy, 1) + 42)))).toBe("corrupt");
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(5, centralEntry(copy, 1) + 42)))).toBe("corrupt");
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(copy.length, endRecord(copy) + 16)))).toBe("corrupt");
      expect(read(damaged(zip, (copy) => copy.writeUInt16LE(3, endRecord(copy) + 8) + copy.writeUInt16LE(3, endRecord(copy) + 10)))).toBe(
        "corrupt",
      );
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(0xffff, centralEntry(copy, 1) + 20)))).toBe("corrupt");
    });

    it("an encrypted entry as unsupported", () => {
      expect(
        read(damaged(zip, (copy) => copy.writeUInt16LE(copy.readUInt16LE(centralEntry(copy, 1) + 8) | 1, centralEntry(copy, 1) + 8))),
      ).toBe("unsupported");
    });

    it("a compression method other than stored or deflate (bzip2) as unsupported", () => {
      expect(read(damaged(zip, (copy) => copy.writeUInt16LE(12, centralEntry(copy, 0) + 10)))).toBe("unsupported");
    });

    it("ZIP64 and multi-disk archives as unsupported", () => {
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      const end = endRecord(zip);
      expect(read(Buffer.concat([zip.subarray(0, end), locator, zip.subarray(end)]))).toBe("unsupported");
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(0xffffffff, endRecord(copy) + 16)))).toBe("unsupported");
      expect(
        read(damaged(zip, (copy) => copy.writeUInt16LE(0xffff, endRecord(copy) + 8) + copy.writeUInt16LE(0xffff, endRecord(copy) + 10))),
      ).toBe("unsupported");
      expect(read(damaged(zip, (copy) => copy.writeUInt32LE(0xffffffff, centralEntry(copy, 0) + 24)))).toBe("unsupported");
      expect(read(damaged(zip, (copy) => copy.writeUInt16LE(1, endRecord(copy) + 4)))).toBe("unsupported");
    });

    it("more entries than the limit as too_large", () => {
      const many = writeZip(Object.fromEntries(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => [`file-${i}.csv`, "x"])));
      expect(read(many)).toBe("too_large");
      expect(read(zip, { maxEntries: 1 })).toBe("too_large");
      expect(read(zip, { maxEntries: 2 })).toEqual({ "manifest.csv": MANIFEST, "users.csv": USERS });
    });

    it("an entry declared larger than the limit as too_large", () => {
      expect(read(zip, { maxEntryBytes: USERS.length - 1 })).toBe("too_large");
      expect(read(zip, { maxEntryBytes: USERS.length })).not.toBe("too_large");
    });

    it("files larger in all than the limit as too_large", () => {
      expect(read(zip, { maxTotalBytes: MANIFEST.length + USERS.length - 1 })).toBe("too_large");
      expect(read(zip, { maxTotalBytes: MANIFEST.length + USERS.length })).not.toBe("too_large");
    });

    describe("a zip bomb (10 MiB of zeros, about 10 KiB deflated) under a 1 MiB limit", () => {
      const bomb = writeZip({ "users.csv": Buffer.alloc(10 * MiB) });
      const limits = { maxEntryBytes: MiB };

      it("that declares its size as too_large, before inflating anything", () => {
        const inflate = vi.spyOn(zlib, "inflateRawSync");
        expect(read(bomb, limits)).toBe("too_large");
        expect(inflate).not.toHaveBeenCalled();
      });

      it("that lies about its size as too_large, inflating no further than the limit", () => {
        const inflate = vi.spyOn(zlib, "inflateRawSync");
        const liar = damaged(bomb, (copy) => copy.writeUInt32LE(100, centralEntry(copy, 0) + 24));
        expect(read(liar, limits)).toBe("too_large");
        expect(inflate).toHaveBeenCalledOnce();
        expect(inflate.mock.calls[0]?.[1]).toMatchObject({ maxOutputLength: MiB });
      });

      it("that lies about its size within the limit as corrupt", () => {
        const liar = damaged(bomb, (copy) => copy.writeUInt32LE(100, centralEntry(copy, 0) + 24));
        expect(read(liar, { maxEntryBytes: 16 * MiB })).toBe("corrupt");
      });
    });

    it.each(["../users.csv", "bundle/../../users.csv", "/etc/users.csv", "bundle\\users.csv", ".."])(
      "the unsafe name %j as corrupt",
      (name) => {
        expect(read(writeZip({ [name]: USERS }))).toBe("corrupt");
      },
    );

    it("a name given twice as corrupt", () => {
      const twice = renamed(writeZip({ "users.csv": "first", "userz.csv": "second" }), "userz.csv", Buffer.from("users.csv"));
      expect(read(twice)).toBe("corrupt");
    });
  });
});
