import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCsv } from "@core/csv";
import type { RosterImportResult } from "@core/schemas/admin";
import { admin, adminNetwork, adminUser, auditEntry } from "@/test/admin";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/admin-roster.spec.ts (docs/decisions/120): the Import Students dialog's preview,
// its result, the file it downloads, what it sends, and its words in both languages. The journey
// (import against the real server, the download, a new student signing in with a temporary
// password) and the dialog's width at 375 px stay in the browser; the server's checks of each line,
// in either language, are server/routes/roster-import.test.ts's.

afterEach(() => {
  // The download's spies on URL and on every link's click.
  vi.restoreAllMocks();
});

const STUDENTS = [
  { email: "ana.t1@school.test", firstName: "Ana", lastName: "López" },
  { email: "ben.t1@school.test", firstName: "Ben", lastName: "Okafor" },
];
const CSV = [
  "email,firstName,lastName,isAdmin",
  "ana.t1@school.test,Ana,López,",
  "not-an-email-t1,Bad,Line,",
  'ben.t1@school.test,"Ben",Okafor,no',
].join("\r\n");
const PASSWORDS = ["Kp7m-Rt4x-Wq9z", "Ab3d-Ef5g-Hj6k"];

/**
 * The admin's network with POST /api/admin/users/import answered as the server does: a preview
 * (dryRun) lists each line, the bad one with its problem in the reader's language; the import
 * creates the good ones, each with a temporary password, adds them to the users list (a reset
 * pending) and writes the audit entry.
 */
function rosterNetwork(server: FakeServer, problem: string) {
  const network = adminNetwork(server);
  server.on("POST /api/admin/users/import", ({ body }) => {
    const { dryRun } = body as { csv: string; dryRun: boolean };
    const result: RosterImportResult = {
      created: dryRun ? 0 : 2,
      rows: [
        { line: 2, email: STUDENTS[0]!.email, status: "ok", ...(dryRun ? {} : { temporaryPassword: PASSWORDS[0] }) },
        { line: 3, email: "not-an-email-t1", status: "error", errors: { email: [problem] } },
        { line: 4, email: STUDENTS[1]!.email, status: "ok", ...(dryRun ? {} : { temporaryPassword: PASSWORDS[1] }) },
      ],
    };
    if (!dryRun) {
      network.users = [
        ...network.users,
        ...STUDENTS.map((s, i) => adminUser({ id: 10 + i, ...s, passwordResetRequired: true, createdAt: "2026-11-30T15:00:00.000Z" })),
      ];
      network.logs = [auditEntry({ id: 9, action: "USERS_IMPORTED", targetUserEmail: null, details: JSON.stringify({ count: 2 }) })];
    }
    return result;
  });
  return network;
}

async function openImport(locale: "en" | "es", width = 1280) {
  const server = new FakeServer();
  rosterNetwork(server, locale === "en" ? "Invalid email address" : "Correo electrónico no válido");
  const rendered = await renderApp("/admin", { user: admin({ locale }), server, locale, width });
  const name = locale === "en" ? "Import Students" : "Importar estudiantes";
  await rendered.user.click(await screen.findByRole("button", { name }, { timeout: 15_000 }));
  const dialog = await screen.findByRole("dialog", { name });
  return { ...rendered, dialog };
}

const roster = () => new File([CSV], "roster.csv", { type: "text/csv" });
const lines = (dialog: HTMLElement, name: string) =>
  [...within(dialog).getByRole("list", { name }).children].filter((child) => child.tagName === "LI");

describe("importing students", () => {
  it("previews every line, the bad one with its problem, sending the file's text as a dry run", async () => {
    const { user, server, dialog } = await openImport("en");
    expect(dialog).toHaveTextContent("email, firstName, lastName");
    await user.upload(within(dialog).getByLabelText("CSV file of students"), roster());

    expect(await within(dialog).findByText("2 to create, 0 already exist, 1 with problems")).toHaveAttribute("role", "status");
    const rows = lines(dialog, "Lines of the file");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent("Line 3");
    expect(rows[1]).toHaveTextContent("Problem");
    expect(rows[1]).toHaveTextContent("Invalid email address");
    expect(rows[0]).toHaveTextContent(STUDENTS[0]!.email);
    expect(rows[0]).toHaveTextContent("To create");
    // The file's text as read (UTF-8, its accents kept), and nothing created yet.
    expect(server.body("POST /api/admin/users/import")).toEqual({ csv: CSV, dryRun: true });
    expect(within(dialog).getByRole("button", { name: "Import 2 Students" })).toBeEnabled();
  });

  it("imports the good lines, downloads the temporary passwords as CSV once, and the list shows the new students with a reset pending", async () => {
    const { user, server, dialog } = await openImport("en");
    await user.upload(within(dialog).getByLabelText("CSV file of students"), roster());
    await user.click(await within(dialog).findByRole("button", { name: "Import 2 Students" }));

    expect(await within(dialog).findByText("2 accounts created")).toHaveAttribute("role", "status");
    expect(dialog).toHaveTextContent("shown only this once");
    expect(lines(dialog, "Lines of the file")[0]).toHaveTextContent("Created");
    expect(server.sent("POST /api/admin/users/import").map((request) => request.body)).toEqual([
      { csv: CSV, dryRun: true },
      { csv: CSV, dryRun: false },
    ]);

    // The download: a link to the file, clicked (jsdom saves nothing, so the link and its blob are read).
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.set("blob:passwords", blob as Blob);
      return "blob:passwords";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute("href")!)! });
    });
    await user.click(within(dialog).getByRole("button", { name: "Download Temporary Passwords" }));
    expect(saved.map((file) => file.name)).toEqual(["temporary-passwords.csv"]);
    const parsed = parseCsv(await saved[0]!.blob.text());
    if (!parsed.ok) throw new Error("the download is not CSV");
    expect(parsed.records.map((record) => record.fields)).toEqual([
      ["email", "temporaryPassword"],
      [STUDENTS[0]!.email, PASSWORDS[0]],
      [STUDENTS[1]!.email, PASSWORDS[1]],
    ]);

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Import Students" })).toBeNull());
    // The import's new accounts join the list without a reload; the audit log has the import.
    const row = (await screen.findByText(STUDENTS[0]!.email)).closest("li")!;
    expect(row).toHaveTextContent("Password reset pending");
    await user.click(screen.getByRole("tab", { name: "Audit Log" }));
    const entry = within(await screen.findByRole("list", { name: "Audit log entries" })).getAllByRole("listitem")[0]!;
    expect(entry).toHaveTextContent("Students Imported");
    expect(entry).toHaveTextContent("count: 2");
  });

  it("reads in Spanish: the dialog, its preview and its result", async () => {
    const { user, dialog } = await openImport("es", 375);
    const typed = ["Rosa", "Diaz", "rosa@example.com", "roster.csv", "not-an-email-t1", ...STUDENTS.map((s) => s.email)];
    expect(englishOnScreen(typed)).toEqual([]);

    await user.upload(within(dialog).getByLabelText("Archivo CSV de estudiantes"), roster());
    expect(await within(dialog).findByText("2 por crear, 0 ya existen, 1 con problemas")).toHaveAttribute("role", "status");
    const bad = lines(dialog, "Líneas del archivo")[1];
    expect(bad).toHaveTextContent("Línea 3");
    expect(bad).toHaveTextContent("Correo electrónico no válido");
    expect(englishOnScreen(typed)).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Importar 2 estudiantes" }));
    expect(await within(dialog).findByText("2 cuentas creadas")).toHaveAttribute("role", "status");
    expect(within(dialog).getByRole("button", { name: "Descargar contraseñas temporales" })).toBeVisible();
    expect(englishOnScreen(typed)).toEqual([]);
  });
});
