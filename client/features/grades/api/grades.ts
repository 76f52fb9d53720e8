import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GradeScale } from "@core/grades";
import type { CreateGradeItemData, GradeClassSettings, GradeItemFields, GradeItemRecord, Grades } from "@core/schemas/grades";
import { apiJson, apiRequest } from "@/lib/api/transport";

/** GET /api/user/grades (issue 53): every class with its grades, average and letter, and the GPA. */
export const gradesQuery = queryOptions({
  queryKey: ["/api/user/grades"] as const,
  queryFn: () => apiJson<Grades>("GET", "/api/user/grades"),
});

/** Read again each time the screen shows: a class may have been renamed or removed in the class editor. */
export function useGrades() {
  return useQuery({ ...gradesQuery, refetchOnMount: "always" });
}

const classPath = (subject: string) => `/api/user/grades/classes/${encodeURIComponent(subject)}`;

/** Every write answers or changes the whole picture (averages, letters, GPA): the grades are read again, or set from the answer. */
function useGradesWrite<TVariables, TAnswer>(write: (variables: TVariables) => Promise<TAnswer>, answersGrades = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if (answersGrades) queryClient.setQueryData(gradesQuery.queryKey, answer as Grades);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gradesQuery.queryKey }),
  });
}

/** PUT /api/user/grades/classes/{subject}: the level and the categories. */
export const useSaveGradeClass = () =>
  useGradesWrite(
    ({ subject, settings }: { subject: string; settings: GradeClassSettings }) => apiJson<Grades>("PUT", classPath(subject), settings),
    true,
  );

/** DELETE /api/user/grades/classes/{subject}: a former class's grades. */
export const useDeleteGradeClass = () =>
  useGradesWrite((subject: string) => apiRequest("DELETE", classPath(subject)).then(() => undefined));

/** PUT /api/user/grades/scale. */
export const useSaveGradeScale = () => useGradesWrite((scale: GradeScale) => apiJson<Grades>("PUT", "/api/user/grades/scale", scale), true);

/** POST or PUT of one grade. */
export const useSaveGradeItem = () =>
  useGradesWrite(({ id, data }: { id: number | null; data: CreateGradeItemData }) => {
    if (id === null) return apiJson<GradeItemRecord>("POST", "/api/user/grades/items", data);
    const { subject: _, ...fields }: { subject: string } & GradeItemFields = data;
    return apiJson<GradeItemRecord>("PUT", `/api/user/grades/items/${id}`, fields);
  });

export const useDeleteGradeItem = () =>
  useGradesWrite((id: number) => apiRequest("DELETE", `/api/user/grades/items/${id}`).then(() => undefined));
