import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import type { Locale } from "../../core/i18n/locale";
import type { AppConfig } from "../config";
import type { UserRow } from "../db/schema";
import { translator } from "../i18n";
import type { Browser } from "./browser";
import type { TransactionScope } from "../repositories/transaction";
import { normalizeEmail } from "../repositories/users";
import type { SsoLoginsRepository } from "../repositories/sso-logins";
import { GOOGLE_ISSUER, type OidcProviderConfig } from "../sso-config";
import type { SessionService } from "./session-service";

/**
 * Signing in with the school's identity provider (decision 110): OpenID Connect's authorization
 * code flow with PKCE (S256), state and nonce, through openid-client, which discovers the provider,
 * keeps its keys and checks the id_token's signature and claims. What the app adds: the login
 * state kept where any instance can finish it, once, within 10 minutes; the school's domains and
 * tenants; accounts keyed by (issuer, subject); and when an email may link an existing account.
 */

/** How long a started sign-in may take, and how fresh a sign-in must be to confirm deleting the account. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;
export const SSO_LOGIN_COOKIE = "sso_login";
const SCOPES = "openid email profile";

/** Why a sign-in signed nobody in: the `sso_error` the auth screen words. */
export type SsoErrorCode =
  | "provider_error"
  | "provider_unavailable"
  | "login_expired"
  | "invalid_response"
  | "email_not_verified"
  | "domain_not_allowed"
  | "no_account"
  | "wrong_account"
  | "unknown_provider";

export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

export type SsoPurpose = "sign-in" | "confirm-deletion";

/** Where the browser goes once a callback is done. */
export const AFTER_SIGN_IN = "/";
export const AFTER_DELETION_CONFIRMED = "/?confirm=delete-account";
export const refusalLocation = (code: SsoErrorCode) => `/auth?sso_error=${code}`;

export interface SsoServiceOptions {
  config: Pick<AppConfig, "oidcProviders" | "publicUrl" | "adminEmails">;
  ssoLogins: SsoLoginsRepository;
  sessionService: SessionService;
  transaction: <T>(work: (tx: TransactionScope) => Promise<T>) => Promise<T>;
  now?: () => Date;
}

/** The claims the app reads from an id_token (all but `sub` optional: providers differ). */
interface IdentityClaims {
  iss: string;
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  /** Entra's "the email's domain is verified by the tenant" (its answer to unverified emails, nOAuth). */
  xms_edov?: unknown;
  hd?: unknown;
  tid?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex");
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const NAME_MAX = 50;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The names a new account gets: given and family names, else `name` split at its last space, else the email's local part. */
export function namesFromClaims(claims: Pick<IdentityClaims, "given_name" | "family_name" | "name">, email: string) {
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const full = text(claims.name);
    const space = full.lastIndexOf(" ");
    [firstName, lastName] = space > 0 ? [full.slice(0, space), full.slice(space + 1)] : [full, ""];
  }
  if (!firstName) firstName = email.split("@")[0] ?? email;
  return { firstName: firstName.slice(0, NAME_MAX), lastName: lastName.slice(0, NAME_MAX) };
}

/** Whether the provider vouches for the email: OpenID's `email_verified`, or Entra's `xms_edov`. */
const emailVerified = (claims: IdentityClaims) => claims.email_verified === true || claims.xms_edov === true;

/** The school's domains and tenants: every configured check must pass. */
function fromTheSchool(provider: OidcProviderConfig, claims: IdentityClaims, email: string): boolean {
  const domain = email.split("@")[1] ?? "";
  if (provider.allowedDomains.length > 0) {
    if (!provider.allowedDomains.includes(domain)) return false;
    // Google: the signed `hd` claim says the account is the Workspace's, not a consumer account
    // that happens to carry an address at that domain.
    if (provider.checksHostedDomain && !provider.allowedDomains.includes(text(claims.hd).toLowerCase())) return false;
  }
  if (provider.allowedTenants.length > 0 && !provider.allowedTenants.includes(text(claims.tid).toLowerCase())) return false;
  return true;
}

export function createSsoService({ config, ssoLogins, sessionService, transaction, now = () => new Date() }: SsoServiceOptions) {
  const providers = new Map(config.oidcProviders.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<oidc.Configuration>>();
  const isBootstrapAdmin = (email: string) => config.adminEmails.includes(normalizeEmail(email));

  /** The provider's metadata and keys, fetched once; a failed discovery is tried again next time. */
  function discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let configuration = discovered.get(provider.id);
    if (!configuration) {
      const insecure = new URL(provider.issuer).protocol === "http:"; // loopback only (sso-config.ts)
      configuration = oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      discovered.set(provider.id, configuration);
      configuration.catch(() => discovered.delete(provider.id));
    }
    return configuration.catch((error: unknown) => {
      throw new SsoRefusal("provider_unavailable", String(error));
    });
  }

  /** The redirect URI registered with the provider: from PUBLIC_URL, never from the request's Host. */
  const redirectUri = (provider: OidcProviderConfig) => `${config.publicUrl}/auth/sso/${provider.id}/callback`;

  function providerOf(id: string): OidcProviderConfig {
    const provider = providers.get(id);
    if (!provider) throw new SsoRefusal("unknown_provider");
    return provider;
  }

  /** Finds or makes the account an identity signs in to, linking it the first time (one transaction). */
  async function accountFor(
    tx: TransactionScope,
    provider: OidcProviderConfig,
    claims: IdentityClaims,
    email: string,
    locale: Locale,
  ): Promise<UserRow> {
    const identity = await tx.userIdentities.findBySubject(claims.iss, claims.sub);
    if (identity) {
      const user = await tx.users.findById(identity.user_id);
      // Closed by the roster (issue 55): there is no account to sign in to.
      if (user?.disabled_at) throw new SsoRefusal("no_account");
      if (user) return user;
    }
    // A new identity reaches an account only through an email the provider vouches for: else
    // anyone who could set that address at some provider would take over the account.
    if (!emailVerified(claims)) throw new SsoRefusal("email_not_verified");
    let user = await tx.users.findByEmail(email);
    if (user?.disabled_at) throw new SsoRefusal("no_account");
    if (!user) {
      if (!provider.autoCreate) throw new SsoRefusal("no_account");
      user = await tx.users.create({
        email,
        passwordHash: null,
        ...namesFromClaims(claims, email),
        isAdmin: isBootstrapAdmin(email),
        locale,
      });
      // Made at this very moment by another first sign-in of the same address: that one's account.
      user ??= await tx.users.findByEmail(email);
      if (!user) throw new SsoRefusal("invalid_response", "the account could not be created");
    }
    await tx.userIdentities.link({ userId: user.id, providerId: provider.id, issuer: claims.iss, subject: claims.sub, email });
    return user;
  }

  return {
    /** The sign-in buttons: id and label, a preset's label in the request's language. */
    list(locale: Locale): Array<{ id: string; label: string }> {
      const t = translator(locale);
      return config.oidcProviders.map((provider) => ({
        id: provider.id,
        label: provider.labelMessage ? t(provider.labelMessage) : provider.label,
      }));
    },

    /** The label of a configured provider (for the sign-in methods of an account), or undefined. */
    label(id: string, locale: Locale): string | undefined {
      return this.list(locale).find((provider) => provider.id === id)?.label;
    },

    /**
     * Starts a provider sign-in: the login state goes to the database, and the browser to the
     * provider. Answers the provider's URL, and the login's key, which the HTTP layer keeps in a
     * cookie of this browser only (so a callback URL handed to someone else signs nobody in).
     */
    async start(browser: Browser, providerId: string, purpose: SsoPurpose): Promise<{ url: string; loginId: string }> {
      const provider = providerOf(providerId);
      const configuration = await discover(provider);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const loginId = randomBytes(32).toString("base64url");
      await ssoLogins.create({
        id_hash: digest(loginId),
        provider_id: provider.id,
        state,
        nonce,
        code_verifier: codeVerifier,
        purpose,
        user_id: purpose === "confirm-deletion" ? (browser.user?.id ?? null) : null,
        created_at: now().toISOString(),
      });
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri(provider),
        scope: SCOPES,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      };
      // A hint only, so Google lists the school's accounts first; the signed `hd` claim is what is checked.
      if (provider.checksHostedDomain && provider.allowedDomains.length === 1) parameters.hd = provider.allowedDomains[0]!;
      // Confirming a deletion asks the person to sign in again, not to pass through a remembered
      // session (Google refuses prompt=login: its account chooser is the step it offers).
      if (purpose === "confirm-deletion") parameters.prompt = provider.issuer === GOOGLE_ISSUER ? "select_account" : "login";
      return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, loginId };
    },

    /**
     * Finishes a sign-in from the provider's callback: checks that this browser started it
     * (`loginId`, from its cookie), less than 10 minutes ago, and once only; lets openid-client check the code, PKCE,
     * state, nonce and id_token; then the school's domains and tenants; then signs the account in
     * with a fresh session. Answers where the browser goes; throws SsoRefusal when nobody is
     * signed in (and nothing was changed).
     */
    async finish(browser: Browser, providerId: string, query: string, loginId: string | undefined): Promise<string> {
      const provider = providerOf(providerId);
      const login = loginId ? await ssoLogins.take(digest(loginId)) : undefined;
      if (!login || login.provider_id !== provider.id) throw new SsoRefusal("login_expired");
      if (now().getTime() - Date.parse(login.created_at) > SSO_LOGIN_TTL_MS) throw new SsoRefusal("login_expired");
      const params = new URLSearchParams(query);
      if (!sameText(params.get("state") ?? "", login.state)) throw new SsoRefusal("login_expired");
      if (params.has("error")) throw new SsoRefusal("provider_error", params.get("error") ?? undefined);

      const configuration = await discover(provider);
      let claims: IdentityClaims;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${redirectUri(provider)}?${query}`), {
          pkceCodeVerifier: login.code_verifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims() as unknown as IdentityClaims;
      } catch (error) {
        // The provider could not be reached, or its answer failed a check (signature, nonce,
        // audience, expiry, a code already used or not made for this verifier).
        const unreachable = error instanceof TypeError || (error as { code?: string }).code === "OAUTH_TIMEOUT";
        throw new SsoRefusal(unreachable ? "provider_unavailable" : "invalid_response", String(error));
      }

      const email = normalizeEmail(text(claims.email));
      if (!claims.sub || !email.includes("@")) throw new SsoRefusal("invalid_response", "no subject or email");
      if (!fromTheSchool(provider, claims, email)) throw new SsoRefusal("domain_not_allowed");

      if (login.purpose === "confirm-deletion") {
        const identity = await transaction((tx) => tx.userIdentities.findBySubject(claims.iss, claims.sub));
        if (!identity || identity.user_id !== login.user_id) throw new SsoRefusal("wrong_account");
        await sessionService.start(browser, identity.user_id);
        return AFTER_DELETION_CONFIRMED;
      }

      const locale = browser.locale;
      await transaction(async (tx) => {
        let user = await accountFor(tx, provider, claims, email, locale);
        if (!user.is_admin && isBootstrapAdmin(user.email)) user = (await tx.users.setAdmin(user.email, true)) ?? user;
        // A fresh session and CSRF token, as a password sign-in gives: the old one (if any) ends.
        await sessionService.start(browser, user.id, tx);
      });
      return AFTER_SIGN_IN;
    },

    /** The configured providers an account has signed in with. */
    async providersOf(tx: Pick<TransactionScope, "userIdentities">, userId: number, locale: Locale) {
      const ids = await tx.userIdentities.providerIdsOf(userId);
      const listed = this.list(locale);
      return ids.flatMap((id) => listed.filter((provider) => provider.id === id));
    },

    /** Logins started over 10 minutes ago and never finished: housekeeping's. */
    deleteAbandoned(at = now()): Promise<number> {
      return ssoLogins.deleteStartedBefore(new Date(at.getTime() - SSO_LOGIN_TTL_MS));
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
