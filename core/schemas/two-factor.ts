import { z } from "zod";
import { messageRef } from "../i18n/translate";
import { PASSWORD_REQUIRED } from "./auth";

/** Recovery codes made when two-step verification is turned on (issue 55). */
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_CODE_REQUIRED = messageRef("server.two_factor_code_required");

/** POST /api/user/two-factor/confirm and POST /api/login/second-factor: a 6-digit code or a recovery code ("k7mq-3xwp-9abc"). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_CODE_REQUIRED })
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(z.string().min(1, TWO_FACTOR_CODE_REQUIRED).max(40, TWO_FACTOR_CODE_REQUIRED)),
});

/** DELETE /api/user/two-factor: the password confirms it. */
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).trim().min(1, PASSWORD_REQUIRED),
});

/** GET /api/user/two-factor. */
export const twoFactorStatusSchema = z.object({
  /** The account has a password (a school sign-in relies on the provider's own second factor). */
  available: z.boolean(),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/user/two-factor: the secret, to type, and the key URI a QR code carries. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/user/two-factor/confirm: the recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/login when the account has two-step verification: no session yet. */
export const secondFactorRequiredSchema = z.object({ secondFactorRequired: z.literal(true) });
