import type { ValidationPipeOptions } from '@nestjs/common';

/**
 * The global ValidationPipe's options (app.setup.ts). A handler that validates by itself (GET
 * /api/available, which remembers what each query string validated to) uses the same ones, so its
 * answers, 400s included, are those of the global pipe.
 */
export const VALIDATION_PIPE_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  transform: true,
  // Each message names its field; nested property paths are kept.
  stopAtFirstError: false,
};
