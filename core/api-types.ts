/** Shapes of the server's JSON answers, shared by the server that sends them and the client that reads them (spec §3). */

export type User = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isAdmin: boolean;
  passwordResetRequired: boolean;
  userClasses: string[];
};

export type PublicSettings = {
  logoUrl: string | null;
  instagramUrl: string | null;
  /** The school's IANA time zone, e.g. America/New_York: "today", greetings, displayed times. */
  timeZone: string;
};
