// The parts of the toast library the app uses: a chunk of its own, loaded on demand (lib/toast.ts),
// with the page's room for toasts (decision 099), which nothing needs before there is a Toaster.
export { toast, Toaster } from "sonner";
export { keepRoomForToasts } from "@/lib/toast-room";
