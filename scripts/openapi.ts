/**
 * `npm run openapi`: writes the API's OpenAPI document (functions/src/openapi/openapi.json), generated
 * from the route table (functions/src/openapi/document.ts), formatted as the repository's other
 * files. `GET api/openapi.json` answers that file; a unit test fails while it differs from what the
 * route table generates, so a change of a client route comes with the document's change.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import { openApiDocument } from '../functions/src/openapi/document.ts';

const file = path.join(import.meta.dirname, '..', 'functions', 'src', 'openapi', 'openapi.json');
const options = (await prettier.resolveConfig(file)) ?? {};
await writeFile(file, await prettier.format(JSON.stringify(openApiDocument()), { ...options, parser: 'json' }));
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
