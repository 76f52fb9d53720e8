/**
 * The school's identity providers and its sign-up policy, read from the environment (decision 110).
 *
 * A provider is named by an upper-case id in its variables' names: OIDC_<ID>_ISSUER,
 * OIDC_<ID>_CLIENT_ID, OIDC_<ID>_CLIENT_SECRET, OIDC_<ID>_LABEL, OIDC_<ID>_ALLOWED_DOMAINS,
 * OIDC_<ID>_ALLOWED_TENANTS, OIDC_<ID>_AUTO_CREATE. GOOGLE and MICROSOFT come with their issuer
 * (Microsoft's from OIDC_MICROSOFT_TENANT) and label. Errors name the variable, never a secret.
 * The environment's one schema (config.ts) reads them with the rest: this module gives it the
 * REGISTRATION_MODE field and the reading of the OIDC_<ID>_* variables, whose names vary.
 */
import type { z } from "zod";
import { refuse, text } from "./env-field";

export type RegistrationMode = "open" | "sso-only" | "closed";
export const REGISTRATION_MODES: readonly RegistrationMode[] = ["open", "sso-only", "closed"];

export interface OidcProviderConfig {
  /** The id in routes and in the answer of GET /api/auth/providers: the variables' id, lower case. */
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's text ("Sign in with Google"). */
  label: string;
  /** A preset's label, worded in each language (the catalog's id); absent when OIDC_<ID>_LABEL sets the text. */
  labelMessage?: "server.sign_in_with_google" | "server.sign_in_with_microsoft";
  /** Email domains (lower case) an account may come from; empty: any. */
  allowedDomains: string[];
  /** Microsoft Entra tenant ids (`tid`) an account may come from; empty: any. */
  allowedTenants: string[];
  /** Whether a first sign-in with no matching account creates one. */
  autoCreate: boolean;
  /** Google's signed `hd` claim must then name an allowed domain too (the `hd` parameter is only a hint). */
  checksHostedDomain: boolean;
}

const SETTINGS = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "LABEL", "ALLOWED_DOMAINS", "ALLOWED_TENANTS", "AUTO_CREATE", "TENANT"] as const;
type Setting = (typeof SETTINGS)[number];
const VARIABLE = new RegExp(`^OIDC_([A-Z0-9_]+?)_(${SETTINGS.join("|")})$`);

export const GOOGLE_ISSUER = "https://accounts.google.com";
interface Preset {
  issuer: (settings: Record<Setting, string | undefined>) => string | undefined;
  label: string;
  labelMessage: NonNullable<OidcProviderConfig["labelMessage"]>;
}
const PRESETS: Record<string, Preset> = {
  GOOGLE: { issuer: () => GOOGLE_ISSUER, label: "Sign in with Google", labelMessage: "server.sign_in_with_google" },
  MICROSOFT: {
    issuer: (settings) => (settings.TENANT ? `https://login.microsoftonline.com/${settings.TENANT}/v2.0` : undefined),
    label: "Sign in with Microsoft",
    labelMessage: "server.sign_in_with_microsoft",
  },
};

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

/** What is wrong with a provider's issuer URL, or null when nothing is. */
function issuerProblem(value: string, variable: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${variable} must be the provider's issuer URL, such as https://accounts.google.com (got "${value}")`;
  }
  // Plain HTTP would let anyone on the path mint identities: only a provider on this machine (tests, development).
  const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !loopback) {
    return `${variable} must be an https: URL (http: only on 127.0.0.1 or localhost; got "${value}")`;
  }
  return null;
}

/**
 * Every provider the environment configures, in the order of their ids: read by the schema's
 * transform over the whole environment (config.ts), the variables' names being the providers'.
 * The first problem refuses the lot, as start-up reports one line.
 */
export function readOidcProviders(env: Record<string, unknown>, ctx: z.RefinementCtx): OidcProviderConfig[] {
  const byId = new Map<string, Record<Setting, string | undefined>>();
  for (const [name, value] of Object.entries(env)) {
    const match = VARIABLE.exec(name);
    if (!match || typeof value !== "string" || value.trim() === "") continue;
    const [, id, setting] = match as unknown as [string, string, Setting];
    const settings = byId.get(id) ?? ({} as Record<Setting, string | undefined>);
    settings[setting] = value.trim();
    byId.set(id, settings);
  }

  const providers: OidcProviderConfig[] = [];
  for (const id of [...byId.keys()].sort()) {
    const settings = byId.get(id)!;
    const variable = (setting: Setting) => `OIDC_${id}_${setting}`;
    const preset = PRESETS[id];
    const issuer = settings.ISSUER ?? preset?.issuer?.(settings);
    if (!issuer) {
      return refuse(
        ctx,
        id === "MICROSOFT"
          ? "OIDC_MICROSOFT_TENANT (your Entra tenant id, or organizations) or OIDC_MICROSOFT_ISSUER must be set"
          : `${variable("ISSUER")} must be set (the provider's issuer URL)`,
      );
    }
    for (const required of ["CLIENT_ID", "CLIENT_SECRET"] as const) {
      if (!settings[required]) return refuse(ctx, `${variable(required)} must be set (from the provider's app registration)`);
    }
    const label = settings.LABEL ?? preset?.label;
    if (!label) return refuse(ctx, `${variable("LABEL")} must be set (the sign-in button's text)`);
    const allowedDomains = list(settings.ALLOWED_DOMAINS);
    const badDomain = allowedDomains.find((domain) => !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain));
    if (badDomain !== undefined) return refuse(ctx, `${variable("ALLOWED_DOMAINS")} must list email domains (got "${badDomain}")`);
    const problem = issuerProblem(issuer, variable("ISSUER"));
    if (problem) return refuse(ctx, problem);
    // Values are trimmed and never empty here: unset means true.
    const autoCreate = (settings.AUTO_CREATE ?? "true").toLowerCase();
    if (autoCreate !== "true" && autoCreate !== "false") {
      return refuse(ctx, `${variable("AUTO_CREATE")} must be true or false (got "${settings.AUTO_CREATE}")`);
    }
    providers.push({
      id: id.toLowerCase(),
      issuer: issuer.replace(/\/$/, ""),
      clientId: settings.CLIENT_ID!,
      clientSecret: settings.CLIENT_SECRET!,
      label,
      ...(!settings.LABEL && preset ? { labelMessage: preset.labelMessage } : {}),
      allowedDomains,
      allowedTenants: list(settings.ALLOWED_TENANTS),
      autoCreate: autoCreate === "true",
      checksHostedDomain: id === "GOOGLE" || issuer.replace(/\/$/, "") === GOOGLE_ISSUER,
    });
  }
  return providers;
}

/** REGISTRATION_MODE, a field of the environment's schema: open by default, any case. */
export const registrationMode = text.transform((value, ctx): RegistrationMode => {
  const mode = (value ?? "").trim().toLowerCase() || "open";
  if (!(REGISTRATION_MODES as readonly string[]).includes(mode)) {
    return refuse(ctx, `REGISTRATION_MODE must be open, sso-only or closed (got "${value}")`);
  }
  return mode as RegistrationMode;
});
