/**
 * Room for the toast (docs/decisions/099-toasts-take-their-own-room.md): while a toast is on
 * screen, the page ends above it instead of running on underneath, so no button or field is ever
 * under a toast, on any screen or in any dialog.
 *
 * The toast sits at the bottom of the screen. Its room (from the toast's top edge, plus a gap, to
 * the bottom of the screen) is published on <html> as `--toast-room`, and `--page-height` (styles.css)
 * is the screen's height less that room: dialogs, sheets and full-screen layouts size themselves by
 * it. The page itself scrolls in <body>, cut to `--page-height`, for as long as the toast is there
 * (the window cannot be made shorter), keeping its scroll position both ways; the control the
 * student was using is kept in view.
 */

/** Between the toast's top edge and the page above it. */
const GAP_PX = 8;

export function keepRoomForToasts(toasterHost: HTMLElement): () => void {
  const root = document.documentElement;
  let room = 0;
  // The control last pressed or typed in: a submit button loses the focus while it is disabled
  // for the request whose failure the toast reports, and it is the one the student needs next.
  let lastUsed: Element | null = null;
  const noteUse = (event: Event) => {
    if (event.target instanceof Element && !toasterHost.contains(event.target)) lastUsed = event.target;
  };

  const frontToast = () =>
    // The newest toast is the front one; one leaving (data-removed) keeps its room until it is gone.
    toasterHost.querySelector<HTMLElement>("[data-sonner-toast][data-front='true']");

  const give = (next: number) => {
    const pageScroll = room ? document.body.scrollTop : window.scrollY;
    root.style.setProperty("--toast-room", `${next}px`);
    if (!room) {
      root.dataset.toastRoom = "";
      document.body.scrollTop = pageScroll;
    }
    room = next;
    keepInView(lastUsed, toasterHost);
  };

  const takeBack = () => {
    if (!room) return;
    const pageScroll = document.body.scrollTop;
    delete root.dataset.toastRoom;
    root.style.removeProperty("--toast-room");
    room = 0;
    window.scrollTo(0, pageScroll);
  };

  /** Where the toasts' bottom edge sits above the bottom of the screen. */
  function bottomOffset(): number {
    const list = toasterHost.querySelector<HTMLElement>("[data-sonner-toaster]");
    return list ? window.innerHeight - list.getBoundingClientRect().bottom : 0;
  }

  const measure = () => {
    const toast = frontToast();
    if (!toast) return takeBack();
    // offsetHeight: the toast's laid-out height, not the sliding-in animation's transformed box.
    const next = Math.ceil(bottomOffset() + toast.offsetHeight + GAP_PX);
    if (next !== room) give(next);
  };

  const watcher = new MutationObserver(measure);
  watcher.observe(toasterHost, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-front", "style"] });
  window.addEventListener("resize", measure);
  document.addEventListener("pointerdown", noteUse, true);
  document.addEventListener("keydown", noteUse, true);
  measure();
  return () => {
    watcher.disconnect();
    window.removeEventListener("resize", measure);
    document.removeEventListener("pointerdown", noteUse, true);
    document.removeEventListener("keydown", noteUse, true);
    takeBack();
  };
}

/**
 * The field or button the student was using (the focused one, else the one last pressed) stays in
 * view when the page above the toast gets shorter.
 */
function keepInView(lastUsed: Element | null, toasterHost: HTMLElement): void {
  const focused = document.activeElement;
  const inUse = focused && focused !== document.body && !toasterHost.contains(focused) ? focused : lastUsed;
  if (inUse?.isConnected) inUse.scrollIntoView({ block: "nearest" });
}
