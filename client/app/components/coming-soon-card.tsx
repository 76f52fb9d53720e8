import { Sparkles } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** An honest placeholder for a part of the app that is not built yet. */
export function ComingSoonCard({ title, text }: { title: string; text: string }) {
  return (
    <Card className="border-dashed">
      <CardHeader className="items-center py-12 text-center">
        <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Sparkles className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}
