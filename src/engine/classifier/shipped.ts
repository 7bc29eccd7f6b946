import { fileURLToPath } from 'node:url';

/**
 * The model shipped in the repository (`models/classifier.json`), three levels above this file both in
 * `src/engine/classifier` and in `dist/engine/classifier`. Trained by `npm run train` (see docs/detection.md).
 */
export const SHIPPED_MODEL_PATH = fileURLToPath(new URL('../../../models/classifier.json', import.meta.url));
