import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Task } from "@core/api-types";
import { task } from "@core/test/builders";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer, student } from "@/test/fake-server";
import { shortcutsListening } from "@/test/shortcuts";
import { renderApp } from "@/test/render";
import { choose, findToast, loadTaskScreens, MONDAY_10_AM, optionNames, schoolDate } from "@/test/tasks";

// The Home and Tasks tabs in Spanish at desktop width (docs/decisions/120): moved from the desktop
// half of e2e/spanish-tasks-home.spec.ts, whose phone half stays in the browser with axe. The
// screens are read for English catalog text as the browser suite reads them.

/** A student's classes, in Spanish: what the student typed, not the app's words. */
const CLASSES = ["Matemáticas", "Ciencias", "Historia", "Literatura", "Química", "Física", "Biología", "Arte"];
const TITLES = {
  overdue: "Ensayo de historia",
  today: ["Leer el capítulo 3", "Problemas de álgebra", "Resumen de química", "Mapa de biología", "Práctica de física", "Poema de Neruda"],
  noDate: "Proyecto de arte",
  done: "Lectura terminada",
};
/** What the student typed: data, not words; and the language switch naming English in English. */
const TYPED = [...CLASSES, TITLES.overdue, ...TITLES.today, TITLES.noDate, TITLES.done, "Lucía", "Gómez", "Repasar vocabulario", "English"];

/** One overdue task, six due today (the Home card lists five and "+2 tareas más"), one undated, one done. */
function spanishTasks(): Task[] {
  let id = 1;
  return [
    task({ id: id++, title: TITLES.overdue, dueDate: schoolDate(-1), priority: "high", subject: "Historia" }),
    ...TITLES.today.map((title, i) =>
      task({ id: id++, title, dueDate: schoolDate(0), dueTime: i === 0 ? "15:30" : null, priority: "low" }),
    ),
    task({ id: id++, title: TITLES.noDate, description: "Con acuarelas" }),
    task({ id: id++, title: TITLES.done, dueDate: schoolDate(-2), completed: true }),
  ];
}

async function openInSpanish(path: string, tasks: Task[] = spanishTasks()) {
  const server = new FakeServer();
  server.tasks = tasks;
  const lucia = student({ firstName: "Lucía", lastName: "Gómez", userClasses: CLASSES, locale: "es" });
  return renderApp(path, { server, user: lucia, locale: "es", width: 1280, now: MONDAY_10_AM });
}

const noEnglish = () => expect(englishOnScreen(TYPED)).toEqual([]);

beforeAll(loadTaskScreens);

// A completion's burst draws on a canvas, which jsdom has not (its context is null); the burst's
// own tests are client/features/tasks/hooks/confetti.test.ts and tasks-tab.test.tsx's.
vi.mock("@/features/tasks/hooks/confetti", () => ({ fireCompletionConfetti: () => {} }));

describe("the Home tab in Spanish at desktop width", () => {
  it("greets Lucía, names the tab in the title, and writes the date in Spanish", async () => {
    await openInSpanish("/");
    expect(await screen.findByRole("heading", { level: 2, name: /^(Buenos días|Buenas tardes|Buenas noches), Lucía$/ })).toBeVisible();
    expect(document.documentElement).toHaveAttribute("lang", "es");
    await waitFor(() => expect(document.title).toBe("Inicio · Student Hub"));
    expect(screen.getByText("lunes, 30 de noviembre de 2026")).toBeVisible();
  });

  it("lists five urgent tasks with “+2 tareas más” and the overdue one marked Atrasada", async () => {
    await openInSpanish("/");
    const urgent = await screen.findByRole("region", { name: "Tareas urgentes" });
    await waitFor(() => expect(within(urgent).getByRole("list", { name: "Tareas urgentes" }).children).toHaveLength(5));
    expect(within(urgent).getByRole("link", { name: "+2 tareas más" })).toBeVisible();
    expect(within(urgent).getByText("Atrasada", { exact: true })).toBeVisible();
    noEnglish();
  });

  it("lists today's deliveries in Today's Schedule with their times in Spanish", async () => {
    await openInSpanish("/");
    const schedule = await screen.findByRole("region", { name: "Horario de hoy" });
    const row = async (title: string) =>
      (await within(schedule).findAllByRole("listitem")).find((item) => item.textContent?.includes(title));
    await waitFor(async () => expect(await row(TITLES.today[0]!)).toHaveTextContent("3:30 p. m."));
    expect(await row(TITLES.today[1]!)).toHaveTextContent("11:59 p. m.");
    expect(within(schedule).getAllByText("Entrega", { exact: true })[0]).toBeVisible();
    noEnglish();
  });

  it("names the sidebar, its tabs and Settings in Spanish", async () => {
    await openInSpanish("/");
    const sidebar = await screen.findByRole("complementary", { name: "Barra lateral" });
    expect(within(sidebar).getByRole("tab", { name: /^Tareas/ })).toBeVisible();
    expect(within(sidebar).getByRole("button", { name: "Configuración" })).toBeVisible();
    expect(screen.getByRole("tablist", { name: "Secciones del panel" })).toBeVisible();
    noEnglish();
  });

  it("lists the keyboard shortcuts in Spanish on ?", async () => {
    const { user } = await openInSpanish("/");
    await screen.findByRole("region", { name: "Tareas urgentes" });
    await shortcutsListening(user, "Atajos de teclado");
    await user.keyboard("?");
    const shortcuts = await screen.findByRole("dialog", { name: "Atajos de teclado" });
    expect(within(shortcuts).getByText("Nueva tarea")).toBeVisible();
    expect(within(shortcuts).getByText("Ir al inicio")).toBeVisible();
    noEnglish();
    await user.click(within(shortcuts).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Atajos de teclado" })).toBeNull());
  });
});

describe("the Tasks tab in Spanish at desktop width", () => {
  it("groups the tasks as Atrasadas, Hoy and Sin fecha, with the due time and priority in Spanish", async () => {
    await openInSpanish("/#todo");
    expect(await screen.findByRole("heading", { name: "Lista de tareas pendientes" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Tareas · Student Hub"));
    expect(await screen.findByRole("list", { name: "Atrasadas" })).toBeVisible();
    expect(screen.getByRole("list", { name: "Hoy" })).toBeVisible();
    expect(screen.getByRole("list", { name: "Sin fecha" })).toBeVisible();
    expect(screen.getByText("Hoy 3:30 p. m.")).toBeVisible();
    expect(screen.getByText("Prioridad alta")).toBeVisible();
    expect(screen.getByRole("button", { name: "Completadas (1)" })).toBeVisible();
    noEnglish();
  });

  it("offers the sorting choices in Spanish and sorts by priority", async () => {
    const { user } = await openInSpanish("/#todo");
    await screen.findByRole("list", { name: "Atrasadas" });
    const sorting = screen.getByRole("combobox", { name: "Ordenar tareas" });
    sorting.focus();
    await user.keyboard("{Enter}");
    expect(optionNames()).toContain("Prioridad: de alta a baja");
    expect(englishOnScreen(TYPED)).toEqual([]);
    await user.click(screen.getByRole("option", { name: "Prioridad: de alta a baja" }));
    expect(await screen.findByRole("list", { name: "Prioridad: de alta a baja" })).toBeVisible();
    await choose(user, screen.getByRole("combobox", { name: "Ordenar tareas" }), "Sin ordenar");
    expect(await screen.findByRole("list", { name: "Atrasadas" })).toBeVisible();
  });

  it.each([
    [/^Completadas/, TITLES.done],
    [/^Atrasadas/, TITLES.overdue],
  ])("shows the %s filter's task, in Spanish", async (tab, title) => {
    const { user } = await openInSpanish("/#todo");
    await screen.findByRole("list", { name: "Atrasadas" });
    await user.click(screen.getByRole("tab", { name: tab }));
    expect(await screen.findByText(title)).toBeVisible();
    noEnglish();
  });

  it("says the Add Task dialog's own message, and its date and reminder fields, in Spanish", async () => {
    const { user, server } = await openInSpanish("/#todo");
    await screen.findByRole("list", { name: "Atrasadas" });
    await user.click(screen.getByRole("button", { name: "Agregar tarea" }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar tarea" });
    await user.click(within(dialog).getByRole("button", { name: "Agregar tarea" }));
    expect(await within(dialog).findByText("El título es obligatorio")).toBeVisible();
    expect(server.sent("POST /api/tasks")).toEqual([]);
    await user.click(within(dialog).getByRole("switch", { name: "Fijar fecha y hora" }));
    expect(within(dialog).getByText("Recordatorio", { exact: true })).toBeVisible();
    expect(within(dialog).getByText(/Sin hora de entrega, la tarea se entrega a las 11:59 p\. m\./)).toBeVisible();
    noEnglish();
  });

  it("adds a task and says so in a Spanish toast with a Spanish close button", async () => {
    const { user, server } = await openInSpanish("/#todo");
    await screen.findByRole("list", { name: "Atrasadas" });
    await user.click(screen.getByRole("button", { name: "Agregar tarea" }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar tarea" });
    await user.type(within(dialog).getByRole("textbox", { name: "Título de la tarea" }), "Repasar vocabulario");
    await user.click(within(dialog).getByRole("button", { name: "Agregar tarea" }));
    await findToast("Listo", "Tarea creada");
    expect(screen.getByRole("button", { name: "Cerrar aviso" })).toBeInTheDocument();
    expect(server.body("POST /api/tasks")).toMatchObject({ title: "Repasar vocabulario" });
    noEnglish();
  });

  it("completes a task from its dialog and deletes it after the question, in Spanish", async () => {
    const { user, server } = await openInSpanish("/#todo", [...spanishTasks(), task({ id: 50, title: "Repasar vocabulario" })]);
    await user.click(await screen.findByRole("button", { name: "Editar Repasar vocabulario" }));
    const edit = await screen.findByRole("dialog", { name: "Editar tarea" });
    await user.click(within(edit).getByRole("checkbox", { name: "Marcar como completada" }));
    noEnglish();
    await user.click(within(edit).getByRole("button", { name: "Actualizar tarea" }));
    await findToast("Listo", "Tarea actualizada");
    expect(server.sent("PUT /api/tasks/50").at(-1)?.body).toMatchObject({ completed: true });

    await user.click(await screen.findByRole("button", { name: "Completadas (2)" }));
    await user.click(await screen.findByRole("button", { name: "Editar Repasar vocabulario" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Editar tarea" })).getByRole("button", { name: "Eliminar" }));
    const question = await screen.findByRole("alertdialog", { name: "Eliminar tarea" });
    expect(question).toHaveTextContent("¿Seguro que quieres eliminar “Repasar vocabulario”? No se puede deshacer.");
    noEnglish();
    await user.click(within(question).getByRole("button", { name: "Eliminar" }));
    await findToast("Listo", "Tarea eliminada");
    expect(server.sent("DELETE /api/tasks/50")).toHaveLength(1);
  });
});
