/** What the task screens need to know about the signed-in user (passed in by app/). */
export type TaskUser = {
  id: number;
  firstName?: string | null;
  userClasses?: string[] | null;
};
