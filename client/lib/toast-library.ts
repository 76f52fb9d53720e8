// The parts of the toast library the app uses: a chunk of its own, loaded on demand (lib/toast.ts).
export { toast, Toaster } from "sonner";
