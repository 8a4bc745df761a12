import { checkShape, fieldProblems, type ObjectShape, type ShapeOutput } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';

export type FieldProblems = Partial<Record<string, string>>;

/**
 * Checks a form's values with the shape of the body it sends, the very declaration the API validates
 * with (libs/contracts), so the form refuses exactly what the API would answer 400 to, with the same
 * words. Gives the body as the API would read it (texts trimmed, e-mail lower-cased), or one message per
 * bad field.
 */
export function checkForm<S extends ObjectShape>(
  shape: S,
  values: Record<string, unknown>,
): { body: ShapeOutput<S>; problems?: undefined } | { body?: undefined; problems: FieldProblems } {
  const result = checkShape(shape, values);
  return result.success ? { body: result.data } : { problems: fieldProblems(shape, values) as FieldProblems };
}

/** A field message of the contracts in the reader's language when we know it (English otherwise). */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('messages');
  return (message) => (message === undefined ? undefined : t(`fieldMessages.${message}`, { defaultValue: message }));
}

/**
 * The field problems of an API 400 (`message`: one line per bad field, each starting with its name, as
 * checkShape words them), to show beside the fields the form has; lines naming no field of `fields` are
 * left for the form's general message.
 */
export function serverFieldProblems(
  error: unknown,
  fields: readonly string[],
): { problems: FieldProblems; rest: string[] } {
  const problems: FieldProblems = {};
  const rest: string[] = [];
  const body = (error as { status?: number; body?: { message?: string | string[] } | null } | null)?.body;
  if (!body || (error as { status: number }).status !== 400) return { problems, rest };
  const lines = Array.isArray(body.message) ? body.message : body.message ? [body.message] : [];
  for (const line of lines) {
    // `quiet_hours.end must differ from start`: a nested field's line belongs to its top field.
    const field = fields.find((name) => line.startsWith(`${name} `) || line.startsWith(`${name}.`));
    if (field) problems[field] ??= line.slice(field.length + 1);
    else rest.push(line);
  }
  return { problems, rest };
}
