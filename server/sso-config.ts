/**
 * The school's identity providers and its sign-up policy, read from the environment (decision 110).
 *
 * A provider is named by an upper-case id in its variables' names: OIDC_<ID>_ISSUER,
 * OIDC_<ID>_CLIENT_ID, OIDC_<ID>_CLIENT_SECRET, OIDC_<ID>_LABEL, OIDC_<ID>_ALLOWED_DOMAINS,
 * OIDC_<ID>_ALLOWED_TENANTS, OIDC_<ID>_AUTO_CREATE. GOOGLE and MICROSOFT come with their issuer
 * (Microsoft's from OIDC_MICROSOFT_TENANT) and label. Errors name the variable, never a secret.
 */

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

function issuerUrl(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} must be the provider's issuer URL, such as https://accounts.google.com (got "${value}")`);
  }
  // Plain HTTP would let anyone on the path mint identities: only a provider on this machine (tests, development).
  const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !loopback) {
    throw new Error(`${variable} must be an https: URL (http: only on 127.0.0.1 or localhost; got "${value}")`);
  }
  return value.replace(/\/$/, "");
}

function autoCreate(value: string | undefined, variable: string): boolean {
  const normalized = (value ?? "").trim().toLowerCase();
  if (normalized === "" || normalized === "true") return true;
  if (normalized === "false") return false;
  throw new Error(`${variable} must be true or false (got "${value}")`);
}

/** Every provider the environment configures, in the order of their ids. */
export function parseOidcProviders(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const byId = new Map<string, Record<Setting, string | undefined>>();
  for (const [name, value] of Object.entries(env)) {
    const match = VARIABLE.exec(name);
    if (!match || value === undefined || value.trim() === "") continue;
    const [, id, setting] = match as unknown as [string, string, Setting];
    const settings = byId.get(id) ?? ({} as Record<Setting, string | undefined>);
    settings[setting] = value.trim();
    byId.set(id, settings);
  }

  return [...byId.keys()].sort().map((id) => {
    const settings = byId.get(id)!;
    const variable = (setting: Setting) => `OIDC_${id}_${setting}`;
    const preset = PRESETS[id];
    const issuer = settings.ISSUER ?? preset?.issuer?.(settings);
    if (!issuer) {
      throw new Error(
        id === "MICROSOFT"
          ? "OIDC_MICROSOFT_TENANT (your Entra tenant id, or organizations) or OIDC_MICROSOFT_ISSUER must be set"
          : `${variable("ISSUER")} must be set (the provider's issuer URL)`,
      );
    }
    for (const required of ["CLIENT_ID", "CLIENT_SECRET"] as const) {
      if (!settings[required]) throw new Error(`${variable(required)} must be set (from the provider's app registration)`);
    }
    const label = settings.LABEL ?? preset?.label;
    if (!label) throw new Error(`${variable("LABEL")} must be set (the sign-in button's text)`);
    const allowedDomains = list(settings.ALLOWED_DOMAINS);
    for (const domain of allowedDomains) {
      if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain))
        throw new Error(`${variable("ALLOWED_DOMAINS")} must list email domains (got "${domain}")`);
    }
    return {
      id: id.toLowerCase(),
      issuer: issuerUrl(issuer, variable("ISSUER")),
      clientId: settings.CLIENT_ID!,
      clientSecret: settings.CLIENT_SECRET!,
      label,
      ...(!settings.LABEL && preset ? { labelMessage: preset.labelMessage } : {}),
      allowedDomains,
      allowedTenants: list(settings.ALLOWED_TENANTS),
      autoCreate: autoCreate(settings.AUTO_CREATE, variable("AUTO_CREATE")),
      checksHostedDomain: id === "GOOGLE" || issuer.replace(/\/$/, "") === GOOGLE_ISSUER,
    };
  });
}

export function parseRegistrationMode(value: string | undefined): RegistrationMode {
  const mode = (value ?? "").trim().toLowerCase() || "open";
  if (!(REGISTRATION_MODES as readonly string[]).includes(mode)) {
    throw new Error(`REGISTRATION_MODE must be open, sso-only or closed (got "${value}")`);
  }
  return mode as RegistrationMode;
}
