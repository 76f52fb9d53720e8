import { RotateCw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { t } from "@/lib/i18n";

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * The last line of defence: a rendering error anywhere below shows a way out instead of a blank
 * page. It sits outside the providers so it needs none of them (plain button, no toast, no query).
 */
export class AppErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unexpected error while rendering", error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-(--page-height) items-center justify-center px-4 py-10">
        <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
          <h1 className="text-3xl font-bold tracking-tight">{t("common.something_went_wrong")}</h1>
          <p className="text-muted-foreground">{t("common.page_not_shown")}</p>
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" /> {t("common.reload")}
          </Button>
        </div>
      </main>
    );
  }
}
