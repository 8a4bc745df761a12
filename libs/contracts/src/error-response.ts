import { z } from 'zod';
import { ERRORS } from './errors';

/* The error answers' shape, apart from the messages (`errors.ts`), which the web app uses without zod (issue 30). */

/** Every error answer has this shape; `message` lists each bad field for a 400. */
export const ErrorResponse = z
  .object({
    statusCode: z.int().meta({ description: 'The HTTP status, repeated', example: 404 }),
    error: z.string().meta({ description: "The status's standard reason phrase", example: 'Not Found' }),
    message: z.union([z.string(), z.array(z.string())]).meta({
      description:
        'What went wrong; for invalid input (400) usually a list with one line per bad field, each starting with its name',
      example: ERRORS.foodNotFound,
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
