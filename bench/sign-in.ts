// Accounts the benches sign in with, over HTTP as a browser would.

/** Every bench account's password. */
export const BENCH_PASSWORD = "Bench!Passw0rd1";

/** Signs a new user in over HTTP and returns the headers a browser would send. */
export async function signInHeaders(base: string) {
  return (await signIn(base)).headers;
}

/** Who registers: a new "Bench User" with a random address unless a bench names someone. */
interface NewStudent {
  email: string;
  firstName: string;
  lastName: string;
}

/** Registers a new user over HTTP: their id and the headers a browser would send from then on. */
export async function signIn(base: string, student: Partial<NewStudent> = {}) {
  const { email, firstName, lastName }: NewStudent = {
    email: `bench-${Math.random().toString(36).slice(2)}@example.com`,
    firstName: "Bench",
    lastName: "User",
    ...student,
  };
  const res = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName, lastName, email, password: BENCH_PASSWORD, confirmPassword: BENCH_PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))
    ?.split(";")[0];
  if (!cookie) throw new Error("register: no sid cookie in the answer");
  const { csrfToken } = (await (await fetch(`${base}/api/csrf-token`, { headers: { cookie } })).json()) as { csrfToken: string };
  const { id } = (await res.json()) as { id: number };
  return { userId: id, headers: { cookie, "x-csrf-token": csrfToken } };
}
