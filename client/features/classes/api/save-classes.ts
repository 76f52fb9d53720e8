import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@core/api-types";
import type { ClassSaveMode } from "@core/schemas/classes";
import { invalidateAgenda } from "@/api/user/agenda";
import { getUserQueryOptions } from "@/api/user/get-user";
import { apiJson } from "@/lib/api/transport";

export type SaveClassesVariables = { mode: ClassSaveMode; userClasses: string[] };

/** POST /api/user/classes on the first setup, PUT for an edit; both answer the updated user. */
export function saveClasses({ mode, userClasses }: SaveClassesVariables): Promise<User> {
  return apiJson<User>(mode === "create" ? "POST" : "PUT", "/api/user/classes", { userClasses });
}

/**
 * Stores the answered user at once, so the Subject choices of the task dialog show the new classes
 * without waiting, then refetches it (docs/product.md#class-setup: "the user data is refreshed").
 */
export function useSaveClasses() {
  const queryClient = useQueryClient();
  const { queryKey } = getUserQueryOptions();
  return useMutation({
    mutationFn: saveClasses,
    onSuccess: (user) => queryClient.setQueryData(queryKey, user),
    onSettled: () => {
      void invalidateAgenda(queryClient);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
