import { CalendarArrowDownIcon, DownloadIcon, UploadIcon } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportCounts } from "@core/schemas/export";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api/errors";
import { apiJson } from "@/lib/api/transport";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";

const IMPORT_TOAST = "data-import";

/**
 * Settings → Your data (docs/product.md#your-data): Download my data (the JSON export, a plain
 * download the browser saves) and Import (a file of that kind into an empty account).
 */
export function YourData() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const t = useT();
  const importData = useMutation({
    mutationFn: async (file: File) => {
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        throw new Error(t("settings.not_an_export"));
      }
      return apiJson<ImportCounts>("POST", "/api/user/import", body);
    },
    onSuccess: async (counts) => {
      showToast({
        title: t("settings.data_imported"),
        description: t("settings.data_imported_text", { tasks: counts.tasks, events: counts.events, classes: counts.classes }),
        variant: "success",
        id: IMPORT_TOAST,
      });
      await queryClient.invalidateQueries();
    },
    onError: (error) =>
      showToast({ title: t("settings.import_failed"), description: errorMessage(error), variant: "destructive", id: IMPORT_TOAST }),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) importData.mutate(file);
  };

  return (
    <section className="grid gap-2" aria-labelledby="your-data-heading">
      <h3 id="your-data-heading" className="text-sm font-medium">
        {t("settings.your_data")}
      </h3>
      {/* One column: at 320-375 px two of these side by side cut "Download my data" short. */}
      <div className="grid gap-2">
        <Button variant="outline" className="justify-start" asChild>
          <a href="/api/user/export" download>
            <DownloadIcon aria-hidden="true" /> {t("settings.download_data")}
          </a>
        </Button>
        <Button variant="outline" className="justify-start" asChild>
          <a href="/api/user/export.ics" download>
            <CalendarArrowDownIcon aria-hidden="true" /> {t("settings.download_calendar")}
          </a>
        </Button>
        <Button variant="outline" className="justify-start" disabled={importData.isPending} onClick={() => fileInput.current?.click()}>
          <UploadIcon aria-hidden="true" /> {importData.isPending ? t("settings.importing") : t("settings.import_data")}
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("settings.import_file")}
        onChange={onFile}
      />
      <p className="text-sm text-muted-foreground">{t("settings.import_hint")}</p>
    </section>
  );
}
