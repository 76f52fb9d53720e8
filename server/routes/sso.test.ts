import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  describeEachEngine,
  describePostgresOnly,
  type EngineName,
  STRONG_PASSWORD,
  TestClient,
  type TestApp,
} from "../test/harness";
import { startTestOidcProvider, type TestOidcProvider } from "../test/oidc-provider";
import { SSO_STARTS_PER_MINUTE } from "./sso";

const PUBLIC_URL = "http://localhost:3000";
const SCHOOL = "lincoln.example";
const TENANT = "0d1f2c3b-tenant-lincoln";

let google: TestOidcProvider;
let microsoft: TestOidcProvider;

beforeAll(async () => {
  const redirectUris = ["google", "microsoft"].map((id) => `${PUBLIC_URL}/auth/sso/${id}/callback`);
  google = await startTestOidcProvider({ redirectUris });
  microsoft = await startTestOidcProvider({ redirectUris });
});
afterAll(async () => {
  await google?.close();
  await microsoft?.close();
});

function ssoEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PUBLIC_URL,
    OIDC_GOOGLE_ISSUER: google.issuer,
    OIDC_GOOGLE_CLIENT_ID: google.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
    OIDC_GOOGLE_ALLOWED_DOMAINS: SCHOOL,
    OIDC_MICROSOFT_ISSUER: microsoft.issuer,
    OIDC_MICROSOFT_CLIENT_ID: microsoft.clientId,
    OIDC_MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
    OIDC_MICROSOFT_ALLOWED_TENANTS: TENANT,
    ADMIN_EMAILS: `principal@${SCHOOL}`,
    ...overrides,
  };
}

let accountCounter = 0;
/** A fresh school account at the Google-like provider; answers its login id. */
function googleStudent(claims: Partial<Parameters<TestOidcProvider["setAccount"]>[1]> = {}): { login: string; email: string } {
  const login = `student${++accountCounter}-${Date.now()}`;
  const email = `${login}@${SCHOOL}`;
  google.setAccount(login, { email, email_verified: true, hd: SCHOOL, given_name: "Maya", family_name: "Patel", ...claims });
  return { login, email: claims.email ?? email };
}

interface Round {
  start: LightMyRequestResponse;
  /** The provider's redirect back to the app. */
  callbackUrl: string;
  loginCookie: string;
}

/** Starts a sign-in on the app and signs `login` in at the provider, stopping before the callback. */
async function throughProvider(client: TestClient, providerId: string, login: string, provider = google, query = ""): Promise<Round> {
  const start = await client.request("GET", `/auth/sso/${providerId}${query}`);
  expect(start.statusCode, start.body).toBe(302);
  const loginCookie = start.cookies.find((c) => c.name === "sso_login")?.value ?? "";
  const callbackUrl = await provider.completeSignIn(String(start.headers.location), login);
  return { start, callbackUrl, loginCookie };
}

/** The provider's redirect, followed by this browser (its session cookie and the login cookie). */
function callback(client: TestClient, callbackUrl: string, loginCookie: string | null): Promise<LightMyRequestResponse> {
  const url = new URL(callbackUrl);
  const cookies = [client.cookie, loginCookie !== null ? `sso_login=${loginCookie}` : null].filter(Boolean).join("; ");
  return client.request("GET", url.pathname + url.search, undefined, cookies ? { cookie: cookies } : {});
}

async function signIn(client: TestClient, providerId: string, login: string, provider = google) {
  const round = await throughProvider(client, providerId, login, provider);
  return callback(client, round.callbackUrl, round.loginCookie);
}

const refusedWith = (res: LightMyRequestResponse, code: string) => {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/auth?sso_error=${code}`);
};

async function counts(t: TestApp) {
  const users = await t.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const identities = await t.db
    .selectFrom("user_identities")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const sessions = await t.db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), identities: Number(identities.n), sessions: Number(sessions.n) };
}

describeEachEngine("single sign-on", (engine: EngineName) => {
  let t: TestApp;
  let clockOffsetMs = 0;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: ssoEnv(), sessionClock: () => new Date(Date.now() + clockOffsetMs) });
  });
  afterAll(() => t?.close());

  it("lists the providers, presets in the request's language, and the sign-up policy", async () => {
    const client = new TestClient(t.app);
    const english = await client.request("GET", "/api/auth/providers");
    expect(english.json()).toEqual([
      { id: "google", label: "Sign in with Google" },
      { id: "microsoft", label: "Sign in with Microsoft" },
    ]);
    const spanish = await client.request("GET", "/api/auth/providers", undefined, { "accept-language": "es-US,es;q=0.9" });
    expect(spanish.json()[0]).toEqual({ id: "google", label: "Inicia sesión con Google" });
    expect((await client.request("GET", "/api/auth/registration")).json()).toEqual({ mode: "open", passwordResetByEmail: false });
  });

  it("sends the browser to the provider with PKCE S256, state, nonce, the basic scopes and a redirect URI from PUBLIC_URL", async () => {
    const client = new TestClient(t.app);
    const start = await client.request("GET", "/auth/sso/google", undefined, { host: "evil.example" });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(google.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/auth/sso/google/callback`);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("hd")).toBe(SCHOOL);
    const cookie = start.cookies.find((c) => c.name === "sso_login")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/auth/sso", maxAge: 600 });
    // The state lives in the database (any instance can finish it), the cookie only names it.
    expect(JSON.stringify(await t.db.selectFrom("sso_logins").selectAll().execute())).not.toContain(cookie.value);
  });

  it("creates the account at the first sign-in, without a password, named by the provider, and signs it in", async () => {
    const client = new TestClient(t.app);
    const { login, email } = googleStudent({ given_name: "Maya", family_name: "Patel" });
    const res = await signIn(client, "google", login);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    const me = await client.request("GET", "/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: "Maya", lastName: "Patel", isAdmin: false });
    expect(await t.db.selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirst()).toEqual({
      password_hash: null,
    });
    expect((await client.request("GET", "/api/user/sign-in-methods")).json()).toEqual({
      password: false,
      providers: [{ id: "google", label: "Sign in with Google" }],
    });
    // The session works for writes as any other: a CSRF token comes with it.
    await client.refreshCsrf();
    expect((await client.request("POST", "/api/tasks", { title: "Essay", priority: "medium" })).statusCode).toBe(201);
    // Signing in again is the same account, not a second one.
    const before = await counts(t);
    const again = new TestClient(t.app);
    expect((await signIn(again, "google", login)).headers.location).toBe("/");
    expect((await again.request("GET", "/api/user")).json().id).toBe(me.json().id);
    expect((await counts(t)).users).toBe(before.users);
    expect((await counts(t)).identities).toBe(before.identities);
  });

  it("takes names from `name` when the provider gives no given and family names", async () => {
    const client = new TestClient(t.app);
    const { login } = googleStudent({ given_name: undefined, family_name: undefined, name: "Ana María López" });
    await signIn(client, "google", login);
    expect((await client.request("GET", "/api/user")).json()).toMatchObject({ firstName: "Ana María", lastName: "López" });
  });

  it("makes an ADMIN_EMAILS account an admin", async () => {
    google.setAccount("principal", { email: `principal@${SCHOOL}`, email_verified: true, hd: SCHOOL, given_name: "Pat" });
    const client = new TestClient(t.app);
    await signIn(client, "google", "principal");
    expect((await client.request("GET", "/api/user")).json().isAdmin).toBe(true);
  });

  it("links an existing account by a verified email, and the password keeps working", async () => {
    const client = new TestClient(t.app);
    const { login, email } = googleStudent();
    const registered = await client.register({ email });
    const browser = new TestClient(t.app);
    expect((await signIn(browser, "google", login)).headers.location).toBe("/");
    expect((await browser.request("GET", "/api/user")).json().id).toBe(registered.user.id);
    expect((await new TestClient(t.app).login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await browser.request("GET", "/api/user/sign-in-methods")).json()).toEqual({
      password: true,
      providers: [{ id: "google", label: "Sign in with Google" }],
    });
  });

  it("refuses to link an existing account by an email the provider has not verified, and changes nothing", async () => {
    const { login, email } = googleStudent({ email_verified: false });
    await new TestClient(t.app).register({ email });
    const before = await counts(t);
    const browser = new TestClient(t.app);
    refusedWith(await signIn(browser, "google", login), "email_not_verified");
    expect(await counts(t)).toEqual(before);
    expect(browser.cookie).toBeUndefined();
  });

  it("refuses accounts from outside the school: another email domain, a consumer account without hd, a foreign hd, a foreign tenant", async () => {
    const before = await counts(t);
    const outsider = googleStudent({ email: "kid@gmail.com", hd: undefined });
    refusedWith(await signIn(new TestClient(t.app), "google", outsider.login), "domain_not_allowed");
    // The address is the school's, but the signed hd says the account is not its Workspace's.
    const noHd = googleStudent({ hd: undefined });
    refusedWith(await signIn(new TestClient(t.app), "google", noHd.login), "domain_not_allowed");
    const foreignHd = googleStudent({ hd: "other.example" });
    refusedWith(await signIn(new TestClient(t.app), "google", foreignHd.login), "domain_not_allowed");
    microsoft.setAccount("foreign-tenant", { email: "x@contoso.example", email_verified: true, tid: "another-tenant" });
    refusedWith(await signIn(new TestClient(t.app), "microsoft", "foreign-tenant", microsoft), "domain_not_allowed");
    expect(await counts(t)).toEqual(before);
  });

  it("signs in an Entra account of the allowed tenant", async () => {
    microsoft.setAccount("entra-student", { email: "jo@lincolnhs.example", email_verified: true, tid: TENANT, name: "Jo Kim" });
    const client = new TestClient(t.app);
    expect((await signIn(client, "microsoft", "entra-student", microsoft)).headers.location).toBe("/");
    expect((await client.request("GET", "/api/user")).json()).toMatchObject({
      email: "jo@lincolnhs.example",
      firstName: "Jo",
      lastName: "Kim",
    });
  });

  it("refuses a wrong state, a replayed callback, a callback in another browser and a sign-in older than 10 minutes", async () => {
    const before = await counts(t);
    const { login } = googleStudent();

    const tampered = await throughProvider(new TestClient(t.app), "google", login);
    const wrongState = tampered.callbackUrl.replace(/state=[^&]+/, "state=forged");
    refusedWith(await callback(new TestClient(t.app), wrongState, tampered.loginCookie), "login_expired");

    const replayed = await throughProvider(new TestClient(t.app), "google", login);
    const first = new TestClient(t.app);
    expect((await callback(first, replayed.callbackUrl, replayed.loginCookie)).headers.location).toBe("/");
    refusedWith(await callback(new TestClient(t.app), replayed.callbackUrl, replayed.loginCookie), "login_expired");

    // Someone hands their callback URL to another browser (login CSRF): that browser has no login cookie.
    const handedOver = await throughProvider(new TestClient(t.app), "google", login);
    refusedWith(await callback(new TestClient(t.app), handedOver.callbackUrl, null), "login_expired");

    const slow = await throughProvider(new TestClient(t.app), "google", login);
    clockOffsetMs = 11 * 60 * 1000;
    try {
      refusedWith(await callback(new TestClient(t.app), slow.callbackUrl, slow.loginCookie), "login_expired");
    } finally {
      clockOffsetMs = 0;
    }
    const after = await counts(t);
    expect({ users: after.users, identities: after.identities }).toEqual({ users: before.users + 1, identities: before.identities + 1 });
  });

  it("refuses a wrong nonce, a wrong PKCE verifier and a code used twice, and an error from the provider", async () => {
    const { login } = googleStudent();
    const before = await counts(t);

    const nonce = await throughProvider(new TestClient(t.app), "google", login);
    await t.db.updateTable("sso_logins").set({ nonce: "not-the-nonce" }).execute();
    refusedWith(await callback(new TestClient(t.app), nonce.callbackUrl, nonce.loginCookie), "invalid_response");

    const verifier = await throughProvider(new TestClient(t.app), "google", login);
    await t.db
      .updateTable("sso_logins")
      .set({ code_verifier: "x".repeat(43) })
      .execute();
    refusedWith(await callback(new TestClient(t.app), verifier.callbackUrl, verifier.loginCookie), "invalid_response");

    // A code already spent, presented again with a new sign-in's own state and cookie.
    const used = await throughProvider(new TestClient(t.app), "google", login);
    await callback(new TestClient(t.app), used.callbackUrl, used.loginCookie);
    const fresh = new TestClient(t.app);
    const next = await fresh.request("GET", "/auth/sso/google");
    const nextState = new URL(String(next.headers.location)).searchParams.get("state")!;
    const nextCookie = next.cookies.find((c) => c.name === "sso_login")!.value;
    const replayedCode = used.callbackUrl.replace(/state=[^&]+/, `state=${encodeURIComponent(nextState)}`);
    refusedWith(await callback(fresh, replayedCode, nextCookie), "invalid_response");

    const denied = new TestClient(t.app);
    const start = await denied.request("GET", "/auth/sso/google");
    const state = new URL(String(start.headers.location)).searchParams.get("state")!;
    const cookie = start.cookies.find((c) => c.name === "sso_login")!.value;
    const errorUrl = `${PUBLIC_URL}/auth/sso/google/callback?error=access_denied&state=${encodeURIComponent(state)}`;
    refusedWith(await callback(denied, errorUrl, cookie), "provider_error");

    const after = await counts(t);
    // Only the one honest sign-in above made an account.
    expect(after.users).toBe(before.users + 1);
    expect(denied.cookie).toBeUndefined();
  });

  it("answers an unknown provider and an unreachable one with the auth screen's codes", async () => {
    refusedWith(await new TestClient(t.app).request("GET", "/auth/sso/yahoo"), "unknown_provider");
    refusedWith(await new TestClient(t.app).request("GET", "/auth/sso/yahoo/callback?code=x&state=y"), "unknown_provider");
    const offline = await buildTestApp(engine, {
      env: ssoEnv({ OIDC_GOOGLE_ISSUER: "http://127.0.0.1:9" }),
    });
    try {
      refusedWith(await new TestClient(offline.app).request("GET", "/auth/sso/google"), "provider_unavailable");
    } finally {
      await offline.close();
    }
  });

  it("limits the sign-ins one address may start in a minute (each writes a login row)", async () => {
    const limited = await buildTestApp(engine, { env: ssoEnv() });
    try {
      const visitor = new TestClient(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i <= SSO_STARTS_PER_MINUTE; i++) statuses.push((await visitor.request("GET", "/auth/sso/google")).statusCode);
      expect(statuses.slice(0, SSO_STARTS_PER_MINUTE).every((status) => status === 302)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("rotates the session: a signed-in browser's old session ends and its cookie and CSRF token change", async () => {
    const browser = new TestClient(t.app);
    await browser.register();
    const oldCookie = browser.cookie!;
    const oldCsrf = browser.csrfToken!;
    const { login } = googleStudent();
    expect((await signIn(browser, "google", login)).headers.location).toBe("/");
    expect(browser.cookie).not.toBe(oldCookie);
    expect(await browser.refreshCsrf()).not.toBe(oldCsrf);
    const stale = new TestClient(t.app);
    stale.cookie = oldCookie;
    expect((await stale.request("GET", "/api/user")).statusCode).toBe(401);
  });

  it("answers a password sign-in to an account without a password as any wrong password", async () => {
    const { login, email } = googleStudent();
    await signIn(new TestClient(t.app), "google", login);
    const res = await new TestClient(t.app).login(email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("auth.invalid_credentials");
  });

  it("deletes an account without a password after a fresh provider sign-in only, identities included", async () => {
    const { login, email } = googleStudent();
    const browser = new TestClient(t.app);
    await signIn(browser, "google", login);
    await browser.refreshCsrf();

    clockOffsetMs = 11 * 60 * 1000;
    try {
      const stale = await browser.request("DELETE", "/api/user", {});
      expect(stale.statusCode).toBe(401);
      expect(stale.json().code).toBe("auth.reauthentication_required");
      // The confirmation: a sign-in through the provider again, from the signed-in browser.
      const round = await throughProvider(browser, "google", login, google, "?purpose=confirm-deletion");
      expect(new URL(String(round.start.headers.location)).searchParams.get("prompt")).toBe("login");
      const back = await callback(browser, round.callbackUrl, round.loginCookie);
      expect(back.headers.location).toBe("/?confirm=delete-account");
      await browser.refreshCsrf();
      expect((await browser.request("DELETE", "/api/user", {})).statusCode).toBe(204);
    } finally {
      clockOffsetMs = 0;
    }
    expect(await t.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await t.db.selectFrom("user_identities").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("refuses a deletion confirmation that comes back as another account", async () => {
    const owner = googleStudent();
    const other = googleStudent();
    const browser = new TestClient(t.app);
    await signIn(browser, "google", owner.login);
    await signIn(new TestClient(t.app), "google", other.login);
    const round = await throughProvider(browser, "google", other.login, google, "?purpose=confirm-deletion");
    refusedWith(await callback(browser, round.callbackUrl, round.loginCookie), "wrong_account");
    expect((await browser.request("GET", "/api/user")).json().email).toBe(owner.email);
  });

  it("still asks an account with a password for it when deleting", async () => {
    const browser = new TestClient(t.app);
    await browser.register();
    const res = await browser.request("DELETE", "/api/user", {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("auth.password_required");
  });
});

describeEachEngine("the sign-up policy", (engine: EngineName) => {
  it("sso-only: no registration with a password, password sign-in still works, provider accounts are made", async () => {
    const open = await buildTestApp(engine, { env: ssoEnv() });
    const staff = new TestClient(open.app);
    const { body } = await staff.register();
    await open.app.close();
    const t = await buildTestApp(engine, { env: ssoEnv({ REGISTRATION_MODE: "sso-only" }), database: open.config.database });
    try {
      const visitor = new TestClient(t.app);
      expect((await visitor.request("GET", "/api/auth/registration")).json()).toEqual({ mode: "sso-only", passwordResetByEmail: false });
      const register = await visitor.request("POST", "/api/register", {
        ...body,
        email: "new@example.com",
      });
      expect(register.statusCode).toBe(403);
      expect(register.json().code).toBe("auth.registration_closed");
      expect((await visitor.login(body.email, STRONG_PASSWORD)).statusCode).toBe(200);
      const { login } = googleStudent();
      expect((await signIn(new TestClient(t.app), "google", login)).headers.location).toBe("/");
    } finally {
      await t.close();
    }
  });

  it("closed, or auto-create off: a provider sign-in with no account is refused; an existing one is linked", async () => {
    const t = await buildTestApp(engine, { env: ssoEnv({ REGISTRATION_MODE: "closed", OIDC_GOOGLE_AUTO_CREATE: "false" }) });
    try {
      const register = await new TestClient(t.app).request("POST", "/api/register", {
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
      expect(register.statusCode).toBe(403);
      const stranger = googleStudent();
      refusedWith(await signIn(new TestClient(t.app), "google", stranger.login), "no_account");
      expect(await counts(t)).toMatchObject({ users: 0, identities: 0 });
      // A roster-made account (no password) signs in through the provider by its verified email.
      const rostered = googleStudent();
      const now = new Date().toISOString();
      await t.db
        .insertInto("users")
        .values({
          email: rostered.email,
          password_hash: null,
          first_name: "R",
          last_name: "S",
          is_admin: 0,
          password_reset_required: 0,
          user_classes: "[]",
          created_at: now,
          updated_at: now,
        } as never)
        .execute();
      const client = new TestClient(t.app);
      expect((await signIn(client, "google", rostered.login)).headers.location).toBe("/");
      expect((await client.request("GET", "/api/user")).json().email).toBe(rostered.email);
    } finally {
      await t.close();
    }
  });
});

describePostgresOnly("single sign-on across instances", () => {
  it("finishes on one instance a sign-in started on another, once", async () => {
    const a = await buildTestApp("postgres", { env: ssoEnv() });
    const b = await buildTestApp("postgres", { env: ssoEnv(), database: a.config.database });
    try {
      const { login } = googleStudent();
      const onA = new TestClient(a.app);
      const round = await throughProvider(onA, "google", login);
      const onB = onA.sameBrowserOn(b.app);
      expect((await callback(onB, round.callbackUrl, round.loginCookie)).headers.location).toBe("/");
      expect((await onB.request("GET", "/api/user")).statusCode).toBe(200);
      refusedWith(await callback(new TestClient(a.app), round.callbackUrl, round.loginCookie), "login_expired");
    } finally {
      await b.app.close();
      await a.close();
    }
  });
});

describe("the provider test double", () => {
  it("is a real provider: its discovery document names its issuer", async () => {
    const res = await fetch(`${google.issuer}/.well-known/openid-configuration`);
    expect((await res.json()).issuer).toBe(google.issuer);
  });
});
