import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { DEFAULT_LOGO_SRC, DEFAULT_SOCIAL_PROFILE_URL, LANDING_PLACEHOLDERS, STATIC_LANDING_FILE } from "../core/static-landing";

export interface LandingSettings {
  logoUrl: string | null;
  instagramUrl: string | null;
}

/** The page in each encoding a browser may accept. */
export interface LandingVariants {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Settings are the admins' input: only an http(s) URL goes into the page, written as an attribute value. */
function attributeUrl(value: string | null, fallback: string): string {
  let url = fallback;
  if (value) {
    try {
      const parsed = new URL(value);
      if (parsed.protocol === "https:" || parsed.protocol === "http:") url = parsed.href;
    } catch {
      /* not a URL: the fallback */
    }
  }
  return url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The landing page a visitor gets at `/` (docs/decisions/068): the build's prerendered markup with
 * the school's logo and social profile filled in, compressed once per settings (they change
 * rarely; the last variant is kept). Null when the build has no landing page: the app serves `/`.
 */
export function loadStaticLanding(clientDir: string): { variants(settings: LandingSettings): LandingVariants } | null {
  const file = path.join(clientDir, STATIC_LANDING_FILE);
  if (!fs.existsSync(file)) return null;
  const template = fs.readFileSync(file, "utf8");
  let last: { key: string; variants: LandingVariants } | null = null;
  return {
    variants(settings) {
      const logo = attributeUrl(settings.logoUrl, DEFAULT_LOGO_SRC);
      const social = attributeUrl(settings.instagramUrl, DEFAULT_SOCIAL_PROFILE_URL);
      const key = `${logo}\n${social}`;
      if (last?.key !== key) {
        const html = Buffer.from(
          template.replaceAll(LANDING_PLACEHOLDERS.logoUrl, logo).replaceAll(LANDING_PLACEHOLDERS.socialUrl, social),
        );
        last = {
          key,
          variants: {
            identity: html,
            br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip: zlib.gzipSync(html, { level: 9 }),
          },
        };
      }
      return last.variants;
    },
  };
}
