/**
 * The lint rules that guard the layout (docs/decisions/040-lint-boundaries.md) really fire: each
 * case lints a small piece of code as if it sat at the given path, and expects the named rule.
 * If a rule is switched off or a zone is lost from eslint.config.js, these fail.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("import boundaries", () => {
  it.each([
    [
      "a feature importing another feature",
      "client/features/auth/components/probe.tsx",
      'import { fireCompletionConfetti } from "@/features/tasks/hooks/confetti";\nfireCompletionConfetti();\n',
    ],
    [
      "a feature importing client/app",
      "client/features/tasks/components/probe.tsx",
      'import { AppRouter } from "@/app/router";\nexport const x = AppRouter;\n',
    ],
    [
      "client/lib importing a feature",
      "client/lib/probe.ts",
      'import { useSignIn } from "@/features/auth/api/sign-in";\nexport const x = useSignIn;\n',
    ],
    [
      "client/components importing client/app",
      "client/components/probe.tsx",
      'import { HomeTab } from "@/app/screens/dashboard/home-tab";\nexport const x = HomeTab;\n',
    ],
    [
      "client/hooks importing a feature",
      "client/hooks/probe.ts",
      'import { useToggleTask } from "@/features/tasks/hooks/use-toggle-task";\nexport const x = useToggleTask;\n',
    ],
    [
      "the shared API layer importing a feature",
      "client/api/tasks/probe.ts",
      'import { taskDraftStore } from "@/features/tasks/hooks/task-draft";\nexport const x = taskDraftStore;\n',
    ],
    [
      "client/lib importing the API layer",
      "client/lib/probe.ts",
      'import { TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";\nexport const x = TASK_MUTATION_KEY;\n',
    ],
    [
      "client/lib importing the sync room",
      "client/lib/probe.ts",
      'import { isOfflineEdit } from "@/sync/edits";\nexport const x = isOfflineEdit;\n',
    ],
    [
      "the API layer importing the sync room",
      "client/api/tasks/probe.ts",
      'import { pendingEdits } from "@/sync/edits";\nexport const x = pendingEdits;\n',
    ],
    [
      "the sync room importing client/app",
      "client/sync/probe.ts",
      'import { AppRouter } from "@/app/router";\nexport const x = AppRouter;\n',
    ],
    [
      "the client importing the server",
      "client/lib/probe.ts",
      'import { HttpError } from "../../server/errors";\nexport const x = HttpError;\n',
    ],
    [
      "the server importing the client",
      "server/probe.ts",
      'import { apiRequest } from "../client/lib/api/transport";\nexport const x = apiRequest;\n',
    ],
    ["core importing the client", "core/probe.ts", 'import { cn } from "../client/lib/cn";\nexport const x = cn;\n'],
    [
      "server/db importing a repository",
      "server/db/probe.ts",
      'import { createRepositories } from "../repositories/create-repositories";\nexport const x = createRepositories;\n',
    ],
    [
      "the jobs' seam importing a service",
      "server/jobs/probe.ts",
      'import { createServices } from "../services";\nexport const x = createServices;\n',
    ],
    [
      "the jobs' seam importing a repository",
      "server/jobs/probe.ts",
      'import { createRepositories } from "../repositories/create-repositories";\nexport const x = createRepositories;\n',
    ],
    [
      "a repository importing a service",
      "server/repositories/probe.ts",
      'import { createServices } from "../services";\nexport const x = createServices;\n',
    ],
    [
      "a service importing a route",
      "server/services/probe.ts",
      'import taskRoutes from "../routes/tasks";\nexport const x = taskRoutes;\n',
    ],
    [
      "a service importing the HTTP room",
      "server/services/probe.ts",
      'import { requireUser } from "../http/request-context";\nexport const x = requireUser;\n',
    ],
    [
      "a service importing a plugin",
      "server/services/probe.ts",
      'import { isAdminUnlocked } from "../plugins/route-guards";\nexport const x = isAdminUnlocked;\n',
    ],
  ])("refuses %s", async (_name, file, code) => {
    expect(await rulesHit(file, code)).toContain("import-x/no-restricted-paths");
  });

  it.each([
    [
      "a feature using the shared API layer, lib and components",
      "client/features/tasks/components/probe.tsx",
      'import { useTasks } from "@/api/tasks/get-tasks";\nimport { cn } from "@/lib/cn";\nimport { Button } from "@/components/ui/button";\nexport const x = [useTasks, cn, Button];\n',
    ],
    [
      "a repository using the lease queue",
      "server/repositories/probe.ts",
      'import { createLeaseQueue } from "../jobs/lease-queue";\nexport const x = createLeaseQueue;\n',
    ],
    [
      "the sync room using the API layer and lib",
      "client/sync/probe.ts",
      'import { TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";\nimport { ApiError } from "@/lib/api/errors";\nexport const x = [TASK_MUTATION_KEY, ApiError];\n',
    ],
    [
      "client/app composing two features",
      "client/app/screens/probe.tsx",
      'import { SignInForm } from "@/features/auth/components/sign-in-form";\nimport { TasksTab } from "@/features/tasks/components/tasks-tab";\nexport const x = [SignInForm, TasksTab];\n',
    ],
  ])("allows %s", async (_name, file, code) => {
    expect(await rulesHit(file, code)).toEqual([]);
  });

  it("keeps Fastify's request and reply out of services, repositories and jobs", async () => {
    const probe = 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => request.ip;\n';
    expect(await rulesHit("server/services/probe.ts", probe)).toContain("no-restricted-imports");
    expect(await rulesHit("server/repositories/probe.ts", probe)).toContain("no-restricted-imports");
    expect(await rulesHit("server/http/probe.ts", probe)).toEqual([]);
  });

  it("keeps core/ free of node:, DOM and any package but zod", async () => {
    expect(await rulesHit("core/probe.ts", 'import { randomUUID } from "node:crypto";\nexport const x = randomUUID;\n')).toContain(
      "no-restricted-imports",
    );
    expect(await rulesHit("core/probe.ts", 'import { clsx } from "clsx";\nexport const x = clsx;\n')).toContain("no-restricted-imports");
    expect(await rulesHit("core/probe.ts", "export const x = () => window.location.href;\n")).toContain("no-restricted-globals");
    expect(await rulesHit("core/probe.ts", "export const x = () => process.env.TZ;\n")).toContain("no-restricted-globals");
    expect(
      await rulesHit("core/probe.ts", 'import { z } from "zod";\nimport { todayIn } from "./dates";\nexport const x = [z, todayIn];\n'),
    ).toEqual([]);
  });
});

describe("import cycles", () => {
  const probes: string[] = [];
  /** Writes probe modules to disk (the rule follows imports through the files), removed after the suite. */
  function probe(relativePath: string, code: string): string {
    const file = path.resolve(relativePath);
    fs.writeFileSync(file, code);
    probes.push(file);
    return file;
  }
  afterAll(() => {
    for (const file of probes) fs.rmSync(file, { force: true });
  });
  const cycleRule = "layout/no-import-cycle";

  it("refuses two modules that import each other", async () => {
    const a = probe("core/lint-probe-cycle-a.ts", 'import { b } from "./lint-probe-cycle-b";\nexport const a = () => b;\n');
    probe("core/lint-probe-cycle-b.ts", 'import { a } from "./lint-probe-cycle-a";\nexport const b = () => a;\n');
    const [result] = await eslint.lintFiles([a]);
    expect(result?.messages.map((m) => m.ruleId)).toContain(cycleRule);
  });

  it("refuses a cycle closed by a type-only import, through a path alias and a third module", async () => {
    const component = probe(
      "client/lib/lint-probe-dialog.tsx",
      'import { useDraft } from "./lint-probe-draft";\nexport type DialogState = { open: boolean };\nexport const Dialog = () => useDraft();\n',
    );
    probe(
      "client/lib/lint-probe-draft.ts",
      'import { type Middle } from "@/lib/lint-probe-middle";\nexport const useDraft = (): Middle | null => null;\n',
    );
    probe(
      "client/lib/lint-probe-middle.ts",
      'import type { DialogState } from "./lint-probe-dialog";\nexport type Middle = DialogState;\n',
    );
    const [result] = await eslint.lintFiles([component]);
    const cycle = result?.messages.find((m) => m.ruleId === cycleRule);
    expect(cycle?.message).toContain("client/lib/lint-probe-dialog.tsx → client/lib/lint-probe-draft.ts → client/lib/lint-probe-middle.ts");
  });

  it("allows modules that import one another in one direction only", async () => {
    const top = probe(
      "core/lint-probe-chain-top.ts",
      'import type { Low } from "./lint-probe-chain-low";\nexport const top = (low: Low) => low;\n',
    );
    probe("core/lint-probe-chain-low.ts", "export type Low = number;\n");
    const [result] = await eslint.lintFiles([top]);
    expect(result?.messages).toEqual([]);
  });
});

describe("React and accessibility rules", () => {
  it.each([["useForm"], ["useFieldArray"]])(
    "refuses react-hook-form's %s outside the form kit (one form technique, decision 128)",
    async (name) => {
      const code = `import { ${name} } from "react-hook-form";\nexport const x = ${name};\n`;
      expect(await rulesHit("client/features/tasks/components/probe.tsx", code)).toContain("no-restricted-imports");
      expect(await rulesHit("client/components/form/use-schema-form.ts", code)).not.toContain("no-restricted-imports");
    },
  );

  it("refuses a hook called conditionally", async () => {
    const code =
      'import { useState } from "react";\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n';
    expect(await rulesHit("client/components/probe.tsx", code)).toContain("react-hooks/rules-of-hooks");
  });

  it("refuses an image without alternative text", async () => {
    expect(await rulesHit("client/components/probe.tsx", 'export const Probe = () => <img src="/logo.svg" />;\n')).toContain(
      "jsx-a11y/alt-text",
    );
  });
});
