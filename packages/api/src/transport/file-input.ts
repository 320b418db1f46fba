import { z } from 'zod';

/**
 * One uploaded file of a multipart procedure's input (a File, see meta.multipart), documented as
 * OpenAPI's `{ type: string, format: binary }` form field.
 */
export function fileInput(description: string) {
  return z
    .file()
    .optional()
    .meta({
      description,
      override: ({ jsonSchema }) => {
        delete jsonSchema.contentEncoding;
      },
    });
}
