/** The app asks for quick add (the `n` key, the app icon's "New task"): the field takes the focus. An object, so each ask is a new one. */
export type QuickAddRequest = Record<string, never>;

/** What the quick-add assist (chips, save) gets from the field it reads. */
export type QuickAddFieldState = {
  text: string;
  setText: (text: string) => void;
  description: string | null;
  setDescription: (description: string | null) => void;
  input: { readonly current: HTMLInputElement | null };
  /** The assist hands over its save once it has arrived (and clears it when it goes): Enter calls it. */
  saveReady: (save: (() => void) | null) => void;
};
