import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { ConnectionBanner } from "@/app/components/connection-banner";
import { LoadingScreen } from "@/app/components/loading-screen";
import { RequireSignIn } from "@/app/components/require-sign-in";
import { LandingScreen } from "@/app/screens/landing";
import { NotFoundScreen } from "@/app/screens/not-found";
import { prefetchHomeReads } from "@/app/screens/dashboard/home-reads";
import { getUserQueryOptions, useUser } from "@/api/user/get-user";
import { useHealth } from "@/api/health/get-health";
import { useOnline } from "@/hooks/use-online";
import { answeredFromOfflineCopy } from "@/lib/api/offline-copies";
import { ROUTES } from "@/lib/routes";
import { toastLibrary } from "@/lib/toast";
import { whenIdle } from "@/lib/when-idle";
import { useAccountLocale } from "@/app/use-account-locale";
import { useLiveUpdates } from "@/app/use-live-updates";
import { activeLocale, type ClientMessageGroup, loadWords, useT } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";

/**
 * Every screen but the landing page can show toasts. The toast library is not part of the first
 * screen (decision 102): once the screen has rendered, it loads when the browser is idle, so it is
 * there before a later toast (also when the connection drops); a toast asked for sooner loads it
 * at once (lib/toast.ts).
 */
function ToastsWhenIdle() {
  useEffect(
    () =>
      whenIdle(() =>
        toastLibrary.load().catch(() => {
          // Tried again by the first toast.
        }),
      ),
    [],
  );
  return null;
}

/**
 * A screen that is its own chunk, loaded when first shown together with the words it shows
 * (decision 108), with the toast library after it.
 */
function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  words: ClientMessageGroup[] = [],
): ComponentType<Props> {
  const Screen = lazy(() => Promise.all([load(), loadWords(...words)]).then(([component]) => ({ default: component })));
  return function ScreenWithToasts(props: Props) {
    return (
      <>
        <Screen {...props} />
        <ToastsWhenIdle />
      </>
    );
  };
}

// Each screen is its own chunk, loaded when first shown: a visitor on the landing page downloads
// neither the sign-in forms nor the dashboard (decisions 064, 065).
const AdminScreen = lazyScreen(() => import("@/app/screens/admin").then((m) => m.AdminScreen), ["app", "admin"]);
// The school's page names event types in the calendar's words, and words the schedule's checks in the classes'.
const AdminSchoolScreen = lazyScreen(
  () => import("@/app/screens/admin-school").then((m) => m.AdminSchoolScreen),
  ["app", "admin", "calendar", "classes"],
);
// The auth screen waits (a moment at most) for the school's providers and sign-up policy, asked for
// beside its code, so its first frame is its last; and brings the school sign-in's words (issue 35).
const AuthScreen = lazyScreen(
  () =>
    Promise.all([
      import("@/app/screens/auth"),
      import("@/api/auth/sign-in-reads").then((m) => m.prefetchSignInOptions(queryClient, activeLocale())),
    ]).then(([m]) => m.AuthScreen),
  ["auth", "sso"],
);
const loadDashboard = () => import("@/app/screens/dashboard/dashboard");
const DashboardScreen = lazyScreen(() => loadDashboard().then((m) => m.DashboardScreen), ["app"]);
const PasswordResetScreen = lazyScreen(() => import("@/app/screens/password-reset").then((m) => m.PasswordResetScreen), ["app", "auth"]);
// The study plan's screen brings its words with its view (features/plan), and comes through the dashboard's chunk.
const PlanScreen = lazyScreen(
  () =>
    loadDashboard()
      .then((m) => m.loadPlanScreens())
      .then((m) => m.PlanScreen),
  ["app"],
);
const FocusScreen = lazyScreen(
  () =>
    loadDashboard()
      .then((m) => m.loadPlanScreens())
      .then((m) => m.FocusScreen),
  ["app"],
);
// The grades' screen brings its words (issue 53), and comes through the dashboard's chunk, as the plan's does.
const GradesScreen = lazyScreen(
  () =>
    loadDashboard()
      .then((m) => m.loadGradesScreen())
      .then((m) => m.GradesScreen),
  ["app"],
);
const PushDebugScreen = lazyScreen(() => import("@/app/screens/push-debug").then((m) => m.PushDebugScreen), ["app", "admin"]);

/**
 * The app is ready only when online and the health check succeeds (docs/product.md#health-check-gate). Until it has been
 * ready once, the start-up screen shows. After that a lost connection shows a banner instead,
 * keeping the page (and any open form) mounted (decision 015).
 */
function StartupGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const health = useHealth(online);
  const ready = online && health.isSuccess && !health.isError;
  const [hasBeenReady, setHasBeenReady] = useState(false);
  if (ready && !hasBeenReady) setHasBeenReady(true);

  // A refetch of a health check that has never succeeded goes back to "pending" (TanStack resets
  // a query without data), which flipped the screen to "Starting..." every poll and hid Retry
  // Connection: a failure counts until a check succeeds.
  const [failedBefore, setFailedBefore] = useState(false);
  if (health.isError && !failedBefore) setFailedBefore(true);
  if (health.isSuccess && !health.isError && failedBefore) setFailedBefore(false);
  const failed = !online || health.isError || (failedBefore && !health.isSuccess);
  const t = useT();
  const error = online ? t("common.service_unavailable") : t("common.offline");
  // Busy only while the person's own retry is under way: the background poll and its backoff
  // retries kept the button disabled most of the time, so it looked broken (issue 14).
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void health.refetch().finally(() => setRetrying(false));
  };

  // An installed app opened without a network (or with the server down): the service worker
  // answered who is signed in from its kept reads, so the dashboard shows the last data it had under
  // the connection banner, instead of the start-up screen (decision 088).
  const { data: keptUser } = useQuery({ ...getUserQueryOptions(), enabled: false });
  const startsFromKeptReads = Boolean(keptUser) && answeredFromOfflineCopy("/api/session");

  // The app replaces the start-up screen in a deferred render, which React does in slices that
  // yield to the browser, rather than in the one long task of the health check's update: the
  // dashboard is the app's largest render (decision 102).
  const showsApp = useDeferredValue(ready || hasBeenReady || startsFromKeptReads);

  if (!showsApp) {
    return (
      <LoadingScreen
        phase={failed ? "connecting" : "starting"}
        message={online ? t("common.getting_ready") : t("common.waiting_for_connection")}
        error={failed ? error : null}
        onRetry={failed ? retry : undefined}
        retrying={retrying}
      />
    );
  }
  return (
    <>
      {(failed || (startsFromKeptReads && !ready)) && <ConnectionBanner error={error} onRetry={retry} retrying={retrying} />}
      {children}
    </>
  );
}

function Routes() {
  const { data: user, isPending } = useUser();
  const [location] = useLocation();
  const search = useSearch();
  const t = useT();
  useAccountLocale(user);
  // One student, every device: what changes elsewhere refetches here (issue 37). Not while a new
  // password must first be set: that screen reads nothing.
  useLiveUpdates(user && !user.passwordResetRequired ? user.id : undefined);
  // A signed-in student meets a provider only to confirm deleting the account (issue 35): when that
  // comes back refused (/auth?sso_error=<code>), the dashboard says why, in the delete dialog.
  const ssoError = new URLSearchParams(search).get("sso_error");
  const signedInHome = ssoError === null ? ROUTES.home : `${ROUTES.home}?sso_error=${encodeURIComponent(ssoError)}`;

  if (isPending) return <LoadingScreen phase="loading-account" message={t("common.loading_your_account")} />;

  // Spec §2: a user who must change a password can reach only /password-reset; and the mailed reset
  // link's pages (issue 38), which set one too: the three paths that name a password (the Home
  // tab's budget, decision 079, has no room for a list of them).
  if (user?.passwordResetRequired && !location.includes("password")) {
    return <Redirect to={ROUTES.passwordReset} replace />;
  }

  return (
    <Suspense fallback={<LoadingScreen phase="loading-account" message={t("common.loading_your_account")} />}>
      <Switch>
        <Route path={ROUTES.home}>{user ? <DashboardScreen user={user} /> : <LandingScreen />}</Route>
        <Route path={ROUTES.auth}>{user ? <Redirect to={signedInHome} replace /> : <AuthScreen />}</Route>
        <Route path={ROUTES.passwordReset}>
          <PasswordResetScreen />
        </Route>
        {/* /forgot-password and /reset-password (issue 38), through the auth screen's chunk (screens/auth.tsx). Open
            signed in too: a link may be for another account, and using it signs this browser in as that one. */}
        <Route path={/^\/(forgot|reset)-password$/}>
          <AuthScreen />
        </Route>
        <Route path={ROUTES.admin}>
          <RequireSignIn user={user}>
            {(signedIn) => (signedIn.isAdmin ? <AdminScreen user={signedIn} /> : <Redirect to={ROUTES.home} replace />)}
          </RequireSignIn>
        </Route>
        <Route path={ROUTES.adminSchool}>
          <RequireSignIn user={user}>
            {(signedIn) => (signedIn.isAdmin ? <AdminSchoolScreen user={signedIn} /> : <Redirect to={ROUTES.home} replace />)}
          </RequireSignIn>
        </Route>
        <Route path={ROUTES.plan}>
          <RequireSignIn user={user}>{(signedIn) => <PlanScreen user={signedIn} />}</RequireSignIn>
        </Route>
        <Route path={ROUTES.focus}>
          <RequireSignIn user={user}>{(signedIn) => <FocusScreen user={signedIn} />}</RequireSignIn>
        </Route>
        <Route path={ROUTES.grades}>
          <RequireSignIn user={user}>{(signedIn) => <GradesScreen user={signedIn} />}</RequireSignIn>
        </Route>
        <Route path={ROUTES.pushDebug}>
          <RequireSignIn user={user}>{(signedIn) => <PushDebugScreen user={signedIn} />}</RequireSignIn>
        </Route>
        <Route>
          <NotFoundScreen />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** The dashboard opens on the Home tab: no hash, #home, or one it does not know (use-hash-tab.ts). */
const opensOnHomeTab = () => !["#todo", "#calendar"].includes(window.location.hash);

/**
 * Who is signed in is asked beside the health check rather than after it, and a signed-in
 * student's dashboard starts downloading as soon as the answer says so, with the reads its Home
 * tab shows: round trips fewer before the first screen on a phone's network. Nothing shows before
 * the health check passes. A failed ask is forgotten, so the user query starts afresh (pending,
 * not failed) once the app is ready, as it did before.
 */
function useStartupPrefetch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const options = getUserQueryOptions();
    queryClient.fetchQuery(options).then(
      (user) => {
        if (!user || window.location.pathname !== ROUTES.home) return;
        loadDashboard().catch(() => {});
        loadWords("app").catch(() => {});
        // A student who must first set a new password is sent to /password-reset, which reads none of them.
        if (!user.passwordResetRequired && opensOnHomeTab()) prefetchHomeReads(queryClient);
      },
      () => queryClient.removeQueries({ queryKey: options.queryKey }),
    );
  }, [queryClient]);
}

export function AppRouter() {
  useStartupPrefetch();
  return (
    <StartupGate>
      <Routes />
    </StartupGate>
  );
}
