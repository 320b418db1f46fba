// npm run api:types — TypeScript types of the REST API generated from its OpenAPI document by
// openapi-typescript, into apps/server/test/client/api-schema.d.ts. The generated-client test
// (written with openapi-fetch against these types, type-checked by npm run typecheck) fails
// when the committed types drift from the document; run this after changing an operation.
import { writeFileSync } from 'node:fs';
import { generateApiTypes } from '../apps/server/test/client/generate-api-types.ts';

writeFileSync('apps/server/test/client/api-schema.d.ts', await generateApiTypes());
console.log('wrote apps/server/test/client/api-schema.d.ts');
