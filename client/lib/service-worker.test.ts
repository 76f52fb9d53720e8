import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SKIP_WAITING } from "@core/service-worker";

const showToast = vi.fn();
vi.mock("@/lib/toast", () => ({ showToast: (options: unknown) => showToast(options) }));

const { registerServiceWorker } = await import("./service-worker");
const UPDATE_READY_TITLE = "Update available";
const RELOAD_TO_UPDATE = "Reload to update";

/** A browser's service worker container, enough of it to drive the update flow by hand. */
class FakeContainer extends EventTarget {
  controller: object | null = null;
  registration = new FakeRegistration();
  register = vi.fn(async () => this.registration);
}
class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
}
class FakeWorker extends EventTarget {
  state = "installing";
  postMessage = vi.fn();
}

let container: FakeContainer;
const reload = vi.fn();

beforeEach(() => {
  container = new FakeContainer();
  vi.stubGlobal("navigator", { serviceWorker: container });
  vi.stubGlobal("window", { location: { reload } });
  showToast.mockClear();
  reload.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
type Toast = { title: string; action: { label: string; onClick: () => void } };
const lastToast = () => showToast.mock.calls.at(-1)?.[0] as Toast | undefined;

describe("registerServiceWorker", () => {
  it("registers /sw.js; a first install offers nothing and its claim reloads nothing", async () => {
    registerServiceWorker();
    await flush();
    expect(container.register).toHaveBeenCalledWith("/sw.js");
    container.dispatchEvent(new Event("controllerchange"));
    expect(showToast).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("a version that arrives while the app runs offers Reload to update; only pressing it takes over and reloads", async () => {
    container.controller = {};
    registerServiceWorker();
    await flush();
    const next = new FakeWorker();
    container.registration.installing = next;
    container.registration.dispatchEvent(new Event("updatefound"));
    next.state = "installed";
    next.dispatchEvent(new Event("statechange"));

    expect(lastToast()).toMatchObject({ title: UPDATE_READY_TITLE, action: { label: RELOAD_TO_UPDATE } });
    expect(next.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    lastToast()!.action.onClick();
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("a version already waiting from an earlier launch is offered at once", async () => {
    container.controller = {};
    container.registration.waiting = new FakeWorker();
    registerServiceWorker();
    await flush();
    expect(lastToast()).toMatchObject({ title: UPDATE_READY_TITLE });
  });
});
