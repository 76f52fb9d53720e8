import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestFeedServer, type TestFeedServer } from "../test/feed-server";
import { decodeBody, FEED_FETCH_LIMITS, FeedFetchError, type FeedFetchOptions, fetchFeed, feedUrl } from "./feed-fetcher";
import { isPublicAddress } from "./public-address";

const CALENDAR = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n";

async function failure(url: string, options: FeedFetchOptions): Promise<string> {
  try {
    await fetchFeed(url, options);
  } catch (error) {
    if (error instanceof FeedFetchError) return error.status === undefined ? error.reason : `${error.reason} ${error.status}`;
    throw error;
  }
  return "fetched";
}

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["100.63.255.255", true],
    ["172.32.0.1", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.0.0.1", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["100.127.255.255", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["239.255.255.250", false],
    ["255.255.255.255", false],
    ["198.18.0.1", false],
    ["::", false],
    ["::1", false],
    ["0:0:0:0:0:0:0:1", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["::127.0.0.1", false],
    ["64:ff9b::7f00:1", false],
    ["64:ff9b::808:808", true],
    ["2002:7f00:1::1", false],
    ["2002:808:808::1", true],
    ["not an address", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("feedUrl", () => {
  it("reads webcal:// as https:// and refuses what could never be fetched", () => {
    expect(feedUrl("webcal://canvas.example.edu/feeds/calendars/user_x.ics")?.toString()).toBe(
      "https://canvas.example.edu/feeds/calendars/user_x.ics",
    );
    expect(feedUrl("  WEBCAL://a.example/x.ics ")?.protocol).toBe("https:");
    expect(feedUrl("ftp://a.example/x.ics")).toBeNull();
    expect(feedUrl("file:///etc/passwd")).toBeNull();
    expect(feedUrl("https://user:pw@a.example/x.ics")).toBeNull();
    expect(feedUrl("canvas")).toBeNull();
  });
});

describe("decodeBody (decision 122)", () => {
  const latin1 = Uint8Array.from([0x54, 0x76, 0xe5]); // "Två" in ISO-8859-1
  it.each([
    ["text/calendar; charset=ISO-8859-1", latin1, "Två"],
    ['text/calendar; charset="windows-1252"', latin1, "Två"],
    // Nothing declared and not UTF-8: Windows-1252, as Outlook-era exporters write.
    ["text/calendar", latin1, "Två"],
    ["text/calendar; charset=utf-8", new TextEncoder().encode("\uFEFFTvå"), "Två"],
    // A charset nobody knows: UTF-8.
    ["text/calendar; charset=x-made-up", new TextEncoder().encode("Två"), "Två"],
  ])("%s", (contentType, bytes, text) => {
    expect(decodeBody(bytes, contentType)).toBe(text);
  });
});

describe("fetchFeed", () => {
  let feeds: TestFeedServer;
  let allowed: FeedFetchOptions;
  const none: FeedFetchOptions = { allowedOrigins: [] };

  beforeAll(async () => {
    feeds = await startTestFeedServer();
    allowed = { allowedOrigins: [feeds.origin] };
    feeds.routes.set("/cal.ics", { body: CALENDAR });
    feeds.routes.set("/plain-calendar", { headers: { "content-type": "application/octet-stream" }, body: `\uFEFF${CALENDAR}` });
    feeds.routes.set("/html", { headers: { "content-type": "text/html" }, body: "<!doctype html><p>Sign in</p>" });
    feeds.routes.set("/gone", { status: 410, body: "" });
    feeds.routes.set("/hang", { hang: true });
    feeds.routes.set("/huge", { body: Buffer.alloc(FEED_FETCH_LIMITS.maxBytes + 1, 65) });
    feeds.routes.set("/to-cal", { status: 302, headers: { location: "/cal.ics" } });
    feeds.routes.set("/hop1", { status: 301, headers: { location: "/hop2" } });
    feeds.routes.set("/hop2", { status: 302, headers: { location: "/hop3" } });
    feeds.routes.set("/hop3", { status: 307, headers: { location: "/to-cal" } });
  });
  afterAll(() => feeds.close());

  it("fetches a calendar from an allowed origin, following up to 3 redirects", async () => {
    expect((await fetchFeed(`${feeds.origin}/cal.ics`, allowed)).body).toBe(CALENDAR);
    expect((await fetchFeed(`${feeds.origin}/plain-calendar`, allowed)).body).toContain("BEGIN:VCALENDAR");
    const redirected = await fetchFeed(`${feeds.origin}/hop2`, allowed);
    expect(redirected.url).toBe(`${feeds.origin}/cal.ics`);
    expect(await failure(`${feeds.origin}/hop1`, allowed)).toBe("too_many_redirects");
  });

  it("says what went wrong: a status, a page that is no calendar, a body too large, a feed too slow", async () => {
    expect(await failure(`${feeds.origin}/missing.ics`, allowed)).toBe("http_status 404");
    expect(await failure(`${feeds.origin}/gone`, allowed)).toBe("http_status 410");
    expect(await failure(`${feeds.origin}/html`, allowed)).toBe("not_calendar");
    expect(await failure(`${feeds.origin}/huge`, allowed)).toBe("too_large");
    expect(await failure(`${feeds.origin}/hang`, { ...allowed, timeoutMs: 300 })).toBe("timeout");
  });

  it("refuses loopback, private, link-local and mapped addresses without IMPORT_ALLOWED_ORIGINS", async () => {
    const port = feeds.port;
    expect(await failure(`${feeds.origin}/cal.ics`, none)).toBe("not_https");
    for (const url of [
      `https://127.0.0.1:${port}/cal.ics`,
      `https://10.0.0.1/cal.ics`,
      `https://169.254.169.254/latest/meta-data`,
      `https://[::1]:${port}/cal.ics`,
      `https://[::ffff:127.0.0.1]:${port}/cal.ics`,
      `webcal://127.0.0.1:${port}/cal.ics`,
    ]) {
      expect(await failure(url, none), url).toBe("blocked_address");
    }
  });

  it("refuses a name that resolves to loopback, when any of its addresses is not public", async () => {
    expect(await failure(`https://localhost:${feeds.port}/cal.ics`, none)).toBe("blocked_address");
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await failure(`https://lms.example.edu:${feeds.port}/cal.ics`, { ...none, resolve })).toBe("blocked_address");
    const mixed = async () => [
      { address: "8.8.8.8", family: 4 },
      { address: "::1", family: 6 },
    ];
    expect(await failure(`https://lms.example.edu:${feeds.port}/cal.ics`, { ...none, resolve: mixed })).toBe("blocked_address");
  });

  it("checks every redirect: an allowed feed server cannot send the fetcher to loopback", async () => {
    feeds.routes.set("/to-loopback-https", { status: 302, headers: { location: `https://127.0.0.1:${feeds.port}/cal.ics` } });
    feeds.routes.set("/to-localhost", { status: 302, headers: { location: `http://localhost:${feeds.port}/cal.ics` } });
    feeds.routes.set("/to-named", { status: 302, headers: { location: `https://lms.example.edu:${feeds.port}/cal.ics` } });
    feeds.routes.set("/to-file", { status: 302, headers: { location: "file:///etc/passwd" } });
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await failure(`${feeds.origin}/to-loopback-https`, allowed)).toBe("blocked_address");
    expect(await failure(`${feeds.origin}/to-localhost`, allowed)).toBe("not_https");
    expect(await failure(`${feeds.origin}/to-named`, { ...allowed, resolve })).toBe("blocked_address");
    expect(await failure(`${feeds.origin}/to-file`, allowed)).toBe("invalid_url");
  });
});
