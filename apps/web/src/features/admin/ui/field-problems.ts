import type { z } from 'zod';

/** The first sentence a schema gives for each field (the API's own), by the field's name. */
export const problemsByField = (error: z.ZodError): Record<string, string> => {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
};

/** The first sentence of a failed check, for the dialog's alert. */
export const firstProblem = (error: z.ZodError): string => error.issues[0]?.message ?? 'Please check the form.';
