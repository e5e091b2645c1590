import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * Passwords of 12 or more characters that appear high in public breach lists (SecLists'
 * most common passwords, filtered to that length), plus this site's own words. The list
 * is short on purpose: the length rule does most of the work; this stops the obvious.
 */
const COMMON = new Set(
  [
    "123456789012",
    "1234567890123",
    "12345678901234",
    "123456789123",
    "1234567891011",
    "123123123123",
    "111111111111",
    "000000000000",
    "121212121212",
    "987654321098",
    "112233445566",
    "147258369147",
    "qwertyuiopas",
    "qwertyuiop12",
    "qwerty123456",
    "qwertyqwerty",
    "qwertyuiop123",
    "qwerty12345678",
    "1q2w3e4r5t6y",
    "1qaz2wsx3edc",
    "q1w2e3r4t5y6",
    "zaq12wsxcde3",
    "asdfghjkl123",
    "asdfasdfasdf",
    "zxcvbnm12345",
    "abcdefghijkl",
    "abcd12345678",
    "abc123456789",
    "aaaaaaaaaaaa",
    "password1234",
    "password12345",
    "password123456",
    "passwordpassword",
    "password1234567",
    "password@123",
    "password123!",
    "p@ssword1234",
    "p@ssw0rd1234",
    "passw0rd1234",
    "mypassword123",
    "iloveyou1234",
    "iloveyouiloveyou",
    "letmein12345",
    "welcome12345",
    "welcome123456",
    "welcome@1234",
    "changeme1234",
    "trustno1trustno1",
    "football1234",
    "baseball1234",
    "sunshine1234",
    "princess1234",
    "superman1234",
    "starwars1234",
    "monkey123456",
    "dragon123456",
    "master123456",
    "shadow123456",
    "administrator",
    "administrator1",
    "admin1234567",
    "adminadmin123",
    "secret123456",
    "computer1234",
    "internet1234",
    "whatever1234",
    "michael12345",
    "jessica12345",
    "charlie12345",
    "liverpool123",
    "chelsea12345",
    "arsenal12345",
    "manchester12",
    "london123456",
    "summer123456",
    "winter123456",
    "spring123456",
    "autumn123456",
    "january12345",
    "hospital1234",
    "doctor123456",
    "nurse1234567",
    "pharmacy1234",
    "medicine1234",
    "health123456",
    "healthcare123",
    "horizon-demo",
    "horizon12345",
    "horizonscanning",
    "horizon-scanning",
    "horizonscanning1",
    "correcthorsebatterystaple",
  ].map((password) => password.toLowerCase()),
);

/** Whether the password is too easy to guess: on the list, or one character repeated. */
export function isCommonPassword(password: string) {
  const folded = password.trim().toLowerCase();
  return COMMON.has(folded) || COMMON.has(folded.replace(/\s+/g, "")) || /^(.)\1*$/.test(folded);
}

export const PASSWORD_MESSAGES = {
  required: "Enter a password",
  /** Where the field is "New password" (changing or resetting a password). */
  newRequired: "Enter a new password",
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`,
  isEmail: "Password must not be your email address",
  common: "Password is too common. Choose a password that is harder to guess",
  confirmRequired: "Enter the password again",
  mismatch: "The passwords do not match",
} as const;

/**
 * The fields `password` and `confirmPassword` of a form that sets a password for the
 * account with this email, with every password rule (at least 12 characters, not the
 * email, not a common password). The messages go in the summary and beside the field;
 * `required` names the field as its form does ("Enter a new password" where it is "New
 * password").
 */
export function newPasswordFields(email: string, required: string = PASSWORD_MESSAGES.required) {
  const address = email.trim().toLowerCase();
  const localPart = address.split("@")[0] ?? "";
  return {
    password: z
      .string({ error: required })
      .min(1, required)
      .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
      .refine((value) => {
        const folded = value.trim().toLowerCase();
        return (
          folded !== address && (localPart.length < PASSWORD_MIN_LENGTH || folded !== localPart)
        );
      }, PASSWORD_MESSAGES.isEmail)
      .refine((value) => !isCommonPassword(value), PASSWORD_MESSAGES.common),
    confirmPassword: z
      .string({ error: PASSWORD_MESSAGES.confirmRequired })
      .min(1, PASSWORD_MESSAGES.confirmRequired),
  };
}

/** Adds the "passwords do not match" check to a schema built with newPasswordFields. */
export function withMatchingPasswords<Shape extends { password: string; confirmPassword: string }>(
  schema: z.ZodType<Shape>,
) {
  return schema.superRefine((value, context) => {
    if (value.password !== value.confirmPassword) {
      context.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: PASSWORD_MESSAGES.mismatch,
      });
    }
  });
}
