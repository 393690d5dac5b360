// The v1 route set under /api/v1 (spec 4.A, 4.B), one module per feature: each defines its endpoints (schemas,
// docs, example and handler together), parses with zod, calls a feature service and shapes the answer.
import { ACCOUNT_ENDPOINTS } from './account.js';
import { CONTROL_ENDPOINTS } from './controls.js';
import { DIAGNOSTICS_ENDPOINTS } from './diagnostics.js';
import { ERASE_ENDPOINTS } from './erase.js';
import { INGEST_ENDPOINTS } from './ingest.js';
import { PROFILE_ENDPOINTS } from './profile.js';
import { RETRIEVAL_ENDPOINTS } from './retrieval.js';

export const V1_ENDPOINTS = [
  ...ACCOUNT_ENDPOINTS,
  ...INGEST_ENDPOINTS,
  ...RETRIEVAL_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...DIAGNOSTICS_ENDPOINTS,
  ...CONTROL_ENDPOINTS,
  ...ERASE_ENDPOINTS,
];
