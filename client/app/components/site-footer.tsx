export function SiteFooter() {
  return (
    <footer className="border-t bg-card/60 py-6 text-center text-sm text-muted-foreground">© 2025 Student Hub. All rights reserved.</footer>
  );
}
