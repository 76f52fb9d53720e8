import type { Task, User } from "@core/api-types";
import type { CalendarEvent } from "@core/schemas/event";
import type { Preferences } from "@core/schemas/preferences";
import { DEFAULT_STUDY_PREFERENCES } from "@core/study-plan";
import type { AgendaDay } from "@core/schemas/school";
import { categoryAverages, classAverage, DEFAULT_SCALE, gpa, type GradeLevel, type GradeScale, letterOf } from "@core/grades";
import type { GradeItemRecord, Grades } from "@core/schemas/grades";

/**
 * The component layer's network (docs/decisions/120): `fetch` answered from a table of routes, so a
 * screen renders and a form submits with no server and no browser. Every request is recorded, so a
 * test reads what a form sent; a request no route answers fails the test that made it (the table
 * names every call a screen makes). The answers are the API's own shapes (core's types); the API
 * layer (server/**.test.ts) proves the server gives them.
 */

export interface RecordedRequest {
  method: string;
  /** The path without its query. */
  path: string;
  /** Path and query, as the app asked for it. */
  url: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The JSON body, parsed, or a file's Blob (undefined for none). */
  body: unknown;
  /** The route's `:name` parts, e.g. `{ id: "7" }` for "PUT /api/tasks/:id". */
  params: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route's answer: a Reply made with `reply()`, or any other value, answered as 200 JSON. */
export type Handler = (request: RecordedRequest) => unknown | Promise<unknown>;

const REPLY = Symbol("reply");
/** An answer with a status or headers of its own: `reply(400, { message, errors })`. */
export function reply(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  return { [REPLY]: true, status, body, headers } as Reply;
}
const isReply = (value: unknown): value is Reply => typeof value === "object" && value !== null && REPLY in value;

/** A student as GET /api/session answers one: Maya Patel, with the fallback subjects as classes. */
export function student(fields: Partial<User> = {}): User {
  return {
    id: 1,
    email: "maya@example.com",
    firstName: "Maya",
    lastName: "Patel",
    profileImageUrl: null,
    isAdmin: false,
    passwordResetRequired: false,
    userClasses: ["Mathematics", "Science", "History", "English", "Chemistry", "Physics", "Biology", "Other"],
    locale: "en",
    ...fields,
  };
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

function compileRoute(route: string, handler: Handler): Route {
  const [method = "GET", path = "/"] = route.split(" ");
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { method, pattern: new RegExp(`^${source}$`), names, handler };
}

/** A weekday from Monday to Friday, in a yyyy-MM-dd date. */
const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());

/** The dates from `from` to `to`, both included. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${from}T12:00:00Z`); day.toISOString().slice(0, 10) <= to; day.setUTCDate(day.getUTCDate() + 1)) {
    dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  /** Requests no route answered: the render helper fails the test when any are left. */
  readonly unanswered: string[] = [];
  private readonly routes: Route[] = [];
  /** The signed-in student's tasks, as GET /api/tasks answers them; the task routes change them. */
  tasks: Task[] = [];
  /** The signed-in student's events, as GET /api/events answers them. */
  events: CalendarEvent[] = [];
  /** The school day of a date, as GET /api/user/agenda answers it: weekdays are school days without classes unless set. */
  agendaDay: (date: string) => AgendaDay = (date) => ({
    date,
    schoolDay: isWeekday(date),
    offLabel: null,
    rotationDay: null,
    bellSchedule: null,
    classes: [],
    schoolEvents: [],
  });
  /** The student's preferences (GET /api/user/preferences); PUT changes them. */
  preferences: Preferences = {
    eveningSummaryTime: null,
    locale: "en",
    scheduleSource: "school",
    appBadge: true,
    ...DEFAULT_STUDY_PREFERENCES,
    studyBlockReminders: false,
  };
  private nextId = 1000;
  /** The student's grades, one record per class with any (issue 53). */
  gradeRecords: {
    subject: string;
    level: GradeLevel;
    categories: { id: number; name: string; weight: number }[];
    items: GradeItemRecord[];
  }[] = [];
  gradeScale: GradeScale = DEFAULT_SCALE;

  private gradeRecord(subject: string) {
    let record = this.gradeRecords.find((r) => r.subject === subject);
    if (!record) {
      record = { subject, level: "regular", categories: [], items: [] };
      this.gradeRecords.push(record);
    }
    return record;
  }

  /** GET /api/user/grades as the server answers it: the class list's classes, then former ones with grades. */
  gradesAnswer(): Grades {
    const names = (this.user?.userClasses ?? []).filter((name) => name && !/lunch/i.test(name));
    const current = names.map(
      (subject) =>
        this.gradeRecords.find((r) => r.subject === subject) ?? { subject, level: "regular" as const, categories: [], items: [] },
    );
    const former = this.gradeRecords.filter((r) => !names.includes(r.subject));
    const classes = [...current.map((r) => ({ r, former: false })), ...former.map((r) => ({ r, former: true }))].map(({ r, former }) => {
      const average = classAverage(r.categories, r.items);
      const averages = categoryAverages(r.categories, r.items);
      return {
        subject: r.subject,
        level: r.level,
        categories: r.categories.map((c) => ({ ...c, average: averages.get(c.id) ?? null })),
        items: r.items,
        average,
        letter: average === null ? null : letterOf(average, this.gradeScale),
        former,
      };
    });
    return { scale: this.gradeScale, classes, gpa: gpa(classes, this.gradeScale) };
  }
  /** Who GET /api/session says is signed in. */
  user: User | null = null;
  /** Set false to answer every request as a network failure (the server unreachable). */
  reachable = true;

  constructor() {
    this.on("GET /api/health", () => ({ status: "ok" }));
    this.on("GET /api/session", () => ({ user: this.user, adminUnlockedUntil: null }));
    this.on("GET /api/user", () => (this.user ? this.user : reply(401, { message: "Unauthorized" })));
    this.on("GET /api/csrf-token", () => ({ csrfToken: this.user ? "csrf-test-token" : null }));
    // What every visitor reads: a school without settings, single sign-on or mail.
    this.on("GET /api/settings/public", () => ({ logoUrl: null, instagramUrl: null, timeZone: "America/New_York" }));
    this.answer("GET /api/auth/providers", []);
    // The study plan (issue 51): nothing planned unless a test says otherwise (Home's Tonight card then shows nothing).
    this.answer("GET /api/user/plan", { days: [], unplaced: [] });
    this.answer("GET /api/user/focus-stats", { days: [], subjects: [], estimates: { tasks: 0, estimatedMinutes: 0, spentMinutes: 0 } });
    // Device passwords (issue 52): none until one is made; each made is listed until removed.
    const devicePasswords: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[] = [];
    this.on("GET /api/user/device-passwords", () => devicePasswords);
    this.on("POST /api/user/device-passwords", (request) => {
      const { name } = request.body as { name: string };
      const made = { id: devicePasswords.length + 1, name: name.trim(), createdAt: new Date().toISOString(), lastUsedAt: null };
      devicePasswords.push(made);
      return reply(201, {
        id: made.id,
        name: made.name,
        username: this.user?.email ?? "",
        password: "k7mq-3xwp-h9fd-2bnc",
        serverUrl: "https://hub.school.test/",
      });
    });
    this.on("DELETE /api/user/device-passwords/:id", (request) => {
      const at = devicePasswords.findIndex((p) => p.id === Number(request.params.id));
      if (at < 0) return reply(404, { message: "Device password not found", code: "caldav.device_password_not_found" });
      devicePasswords.splice(at, 1);
      return reply(204);
    });
    // Parents and guardians (issue 54): none until one is invited; each invited waits to confirm.
    const guardians: { id: number; email: string; locale: "en" | "es"; frequency: "daily" | "weekly"; status: string }[] = [];
    this.on("GET /api/user/guardians", () => guardians);
    this.on("POST /api/user/guardians", (request) => {
      const body = request.body as { email: string; locale: "en" | "es"; frequency: "daily" | "weekly" };
      const made = { id: guardians.length + 1, ...body, email: body.email.trim().toLowerCase(), status: "invited" };
      guardians.push(made);
      return reply(201, made);
    });
    this.on("DELETE /api/user/guardians/:id", (request) => {
      const at = guardians.findIndex((g) => g.id === Number(request.params.id));
      if (at < 0) return reply(404, { message: "Parent or guardian not found", code: "guardians.not_found" });
      guardians.splice(at, 1);
      return reply(204);
    });
    // Two-step verification (issue 55): off until a setup's code "123456" turns it on; the password "wrong" is refused.
    const twoFactor = { enabled: false, recoveryCodesLeft: 0 };
    this.on("GET /api/user/two-factor", () => ({ available: true, ...twoFactor }));
    this.on("POST /api/user/two-factor", () => ({
      secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      otpauthUri: "otpauth://totp/Student%20Hub%3Amaya%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Student%20Hub",
    }));
    this.on("POST /api/user/two-factor/confirm", (request) => {
      const { code } = request.body as { code: string };
      if (code !== "123456") {
        const message =
          "That code is not right, or was already used. Enter the current 6-digit code from your authenticator app, or a recovery code.";
        return reply(400, { message, code: "server.two_factor_code_wrong", errors: { code: [message] } });
      }
      Object.assign(twoFactor, { enabled: true, recoveryCodesLeft: 10 });
      return { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String(i).padStart(2, "2")}`) };
    });
    this.on("DELETE /api/user/two-factor", (request) => {
      const { password } = request.body as { password: string };
      if (password === "wrong")
        return reply(401, {
          message: "Password is incorrect",
          code: "auth.password_incorrect",
          errors: { password: ["Password is incorrect"] },
        });
      Object.assign(twoFactor, { enabled: false, recoveryCodesLeft: 0 });
      return reply(204);
    });
    // Grades (issue 53): kept per class as sent and answered as the server does, computed by core/grades.ts.
    this.on("GET /api/user/grades", () => this.gradesAnswer());
    this.on("PUT /api/user/grades/classes/:subject", (request) => {
      const record = this.gradeRecord(request.params.subject!);
      const body = request.body as { level: GradeLevel; categories: { id?: number; name: string; weight: number }[] };
      record.level = body.level;
      record.categories = body.categories.map((c) => ({ id: c.id ?? this.nextId++, name: c.name, weight: c.weight }));
      const ids = new Set(record.categories.map((c) => c.id));
      for (const item of record.items) if (item.categoryId !== null && !ids.has(item.categoryId)) item.categoryId = null;
      return this.gradesAnswer();
    });
    this.on("PUT /api/user/grades/scale", (request) => {
      this.gradeScale = request.body as GradeScale;
      return this.gradesAnswer();
    });
    this.on("POST /api/user/grades/items", (request) => {
      const { subject, ...fields } = request.body as Omit<GradeItemRecord, "id"> & { subject: string };
      const item = { id: this.nextId++, ...fields };
      this.gradeRecord(subject).items.push(item);
      return reply(201, item);
    });
    this.on("PUT /api/user/grades/items/:id", (request) => {
      const item = this.gradeRecords.flatMap((r) => r.items).find((i) => i.id === Number(request.params.id));
      if (!item) return reply(404, { message: "Grade not found", code: "grades.item_not_found" });
      return Object.assign(item, request.body as Omit<GradeItemRecord, "id">);
    });
    this.on("DELETE /api/user/grades/items/:id", (request) => {
      for (const record of this.gradeRecords) record.items = record.items.filter((i) => i.id !== Number(request.params.id));
      return reply(204);
    });
    // The focus timer's sessions are kept as sent, with their minutes.
    let nextFocusSession = 1;
    this.on("POST /api/focus-sessions", (request) => {
      const body = request.body as { taskId: number | null; startedAt: string; endedAt: string };
      const minutes = Math.round((Date.parse(body.endedAt) - Date.parse(body.startedAt)) / 60_000);
      return reply(201, { id: nextFocusSession++, ...body, minutes });
    });
    // A mailed link's page asks whether its token still works (issue 49): it does, unless a test says not.
    this.answer("POST /api/auth/reset-password/check", reply(204));
    this.on("GET /api/auth/registration", () => ({ mode: "open", passwordResetByEmail: false }));
    // The signed-in student's lists, kept in memory so a change shows on the next read.
    this.on("GET /api/tasks", () => this.tasks);
    this.on("POST /api/tasks", ({ body }) => {
      const created: Task = {
        id: this.nextId++,
        userId: this.user?.id ?? 1,
        description: null,
        subject: null,
        dueDate: null,
        dueTime: null,
        priority: "medium",
        recurring: null,
        completed: false,
        reminder: null,
        estimateMinutes: null,
        spentMinutes: 0,
        createdAt: new Date().toISOString(),
        ...(body as Partial<Task>),
      } as Task;
      this.tasks = [...this.tasks, created];
      return reply(201, created);
    });
    const updateTask = ({ params, body }: RecordedRequest) => {
      const found = this.tasks.find((task) => task.id === Number(params.id));
      if (!found) return reply(404, { message: "Task not found" });
      const updated = { ...found, ...(body as Partial<Task>) };
      this.tasks = this.tasks.map((task) => (task === found ? updated : task));
      return updated;
    };
    this.on("PUT /api/tasks/:id", updateTask);
    this.on("PATCH /api/tasks/:id", updateTask);
    this.on("DELETE /api/tasks/:id", ({ params }) => {
      this.tasks = this.tasks.filter((task) => task.id !== Number(params.id));
      return reply(204);
    });
    this.on("GET /api/events", () => this.events);
    this.answer("GET /api/school/announcements", []);
    // Settings' reads: no evening summary, no calendar feed, no LMS feeds.
    this.on("GET /api/user/preferences", () => ({ ...this.preferences, locale: this.user?.locale ?? this.preferences.locale }));
    this.on("PUT /api/user/preferences", ({ body }) => {
      this.preferences = { ...this.preferences, ...(body as Partial<Preferences>) };
      return this.preferences;
    });
    this.answer("GET /api/calendar-feed", { enabled: false, url: null });
    this.answer("GET /api/user/feeds", []);
    this.on("GET /api/user/agenda", ({ query }) => datesBetween(query.get("from")!, query.get("to")!).map((date) => this.agendaDay(date)));
  }

  /**
   * Answers `"METHOD /path"` (no query; `:name` matches one path segment) with what `handler`
   * returns. A later route wins over an earlier one.
   */
  on(route: string, handler: Handler): this {
    this.routes.unshift(compileRoute(route, handler));
    return this;
  }

  /** Answers `"METHOD /path"` with `value` every time (a `reply()` for a status of its own). */
  answer(route: string, value: unknown): this {
    return this.on(route, () => value);
  }

  /** The requests made to `"METHOD /path"`. */
  sent(route: string): RecordedRequest[] {
    return this.requests.filter((request) => `${request.method} ${request.path}` === route);
  }

  /** The body of the one request to `route`, failing when there was not exactly one. */
  body(route: string): unknown {
    const sent = this.sent(route);
    if (sent.length !== 1) throw new Error(`Expected one ${route}, saw ${sent.length}`);
    return sent[0]!.body;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const text = typeof init.body === "string" ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      url: url.pathname + url.search,
      query: url.searchParams,
      headers,
      // A file (a roster bundle) is kept as the Blob sent; JSON is parsed.
      body: init.body instanceof Blob ? init.body : text === undefined ? undefined : (JSON.parse(text) as unknown),
      params: {},
    };
    if (!this.reachable) throw new TypeError("Failed to fetch");
    this.requests.push(request);
    let handler: Handler | undefined;
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      route.names.forEach((name, index) => (request.params[name] = decodeURIComponent(match[index + 1]!)));
      handler = route.handler;
      break;
    }
    if (!handler) {
      this.unanswered.push(`${method} ${request.url}`);
      return new Response(JSON.stringify({ message: `No route for ${method} ${url.pathname} in the test's FakeServer` }), {
        status: 501,
        headers: { "Content-Type": "application/json" },
      });
    }
    const answer = await handler(request);
    const { status = 200, body, headers: answerHeaders = {} } = isReply(answer) ? answer : { body: answer };
    const noBody = status === 204 || status === 304 || body === undefined;
    return new Response(noBody ? null : JSON.stringify(body), {
      status,
      headers: noBody ? answerHeaders : { "Content-Type": "application/json", ...answerHeaders },
    });
  };
}
