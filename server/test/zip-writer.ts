import zlib from "node:zlib";

/**
 * A minimal ZIP writer for tests (server/services/zip-reader.test.ts): local headers, the central
 * directory and its end record, names flagged UTF-8, no ZIP64, no data descriptors, a fixed
 * timestamp so the same files give the same bytes. Tests then damage the bytes it writes to make
 * the hostile archives a reader must refuse.
 */
export function writeZip(files: Record<string, string | Buffer>, options: { method?: "stored" | "deflate" } = {}): Buffer {
  const deflate = options.method !== "stored";
  const utf8Names = 1 << 11;
  const dosTime = 0; // 00:00:00
  const dosDate = (1 << 5) | 1; // 1980-01-01
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    // Folders are stored, as zip tools do: there is nothing to compress.
    const method = deflate && !name.endsWith("/") ? 8 : 0;
    const stored = method === 8 ? zlib.deflateRawSync(data) : data;
    const nameBytes = Buffer.from(name, "utf8");
    const crc = zlib.crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(utf8Names, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: MS-DOS, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(utf8Names, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(name.endsWith("/") ? 0x10 : 0, 38); // MS-DOS directory attribute
    central.writeUInt32LE(offset, 42);

    locals.push(local, nameBytes, stored);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const count = Object.keys(files).length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
