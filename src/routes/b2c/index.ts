// The b2c route set under /api/b2c/memory (spec 4.D). Its memory is separate from the v1 set's: its routes
// admit only b2c keys (their definitions say b2cKey). Errors: a sentence and a short code.
import { B2C_CONTROL_ENDPOINTS } from './controls.js';
import { CONVERSATION_ENDPOINTS } from './conversation.js';
import { B2C_ERASE_ENDPOINTS } from './erase.js';

export const B2C_ENDPOINTS = [...CONVERSATION_ENDPOINTS, ...B2C_CONTROL_ENDPOINTS, ...B2C_ERASE_ENDPOINTS];
