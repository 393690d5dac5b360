// Request field schemas shared by the route sets, with the limits documented in docs/integrating.md, and the path
// and query parameters several endpoints declare.
import { z } from 'zod';

export const LIMITS = {
  userIdChars: 256,
  speakerNameChars: 100,
  messageChars: 20_000,
  metadataBytes: 16_384,
  metadataDepth: 32,
  batchItems: 100,
  b2cIngestMessages: 500,
  waitSeconds: 30,
} as const;

/**
 * Text of one line (ids, names, labels): at most `max` characters and no control characters as sent, then
 * trimmed of spaces and not empty. Length and characters are checked before trimming, as the OpenAPI document
 * states them: a trailing newline is refused, not trimmed away.
 */
export const label = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
    .trim()
    .min(1, 'must not be empty');

export const UserId = label(LIMITS.userIdChars);

export const MessageText = z
  .string()
  .max(LIMITS.messageChars, `must be at most ${LIMITS.messageChars} characters`)
  .refine((s) => s.trim().length > 0, 'must not be empty');

/** Who is speaking, for conversations between people ("Caroline"): summaries and entities use it. */
export const SpeakerName = label(LIMITS.speakerNameChars);

export const EventTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. 2024-05-17T14:30:00Z' });

export const NodeId = z.uuid('must be a node id (UUID)');
export const MessageId = z.uuid('must be a message id (UUID)');

/**
 * Arbitrary key-value pairs, limited in depth (checked first, without recursion: thousands of levels would
 * overflow the stack of JSON.stringify and of the scrubber) and in UTF-8 bytes as JSON. The ingest service
 * scrubs it of PII (scrubPiiDeep) before it is stored, like everything else.
 */
export const Metadata = z.record(z.string().max(100), z.unknown()).superRefine((m, ctx) => {
  const shape = metadataShape(m, LIMITS.metadataDepth);
  if (shape.tooDeep) ctx.addIssue({ code: 'custom', message: `must be nested at most ${LIMITS.metadataDepth} levels deep` });
  else if (Buffer.byteLength(JSON.stringify(m), 'utf8') > LIMITS.metadataBytes)
    ctx.addIssue({ code: 'custom', message: `must be at most ${LIMITS.metadataBytes} bytes as JSON` });
  else if (shape.inexact)
    ctx.addIssue({
      code: 'custom',
      path: shape.inexact,
      message: `is a number beyond ${Number.MAX_SAFE_INTEGER}, which JSON does not keep exactly; send it as a string`,
    });
});

interface Visit {
  value: unknown;
  /** Levels of objects and arrays down to this value (the metadata itself is level 1). */
  depth: number;
  key?: string | number;
  parent?: Visit;
}

/**
 * One walk of the metadata, with a stack rather than recursion: whether objects and arrays nest deeper than
 * `maxDepth` (the walk stops there), and the path of the first number JSON parsing has already rounded, whose
 * digits are neither the ones sent nor safe to scan (a 19-digit card number arrives as another 19-digit number).
 */
function metadataShape(value: unknown, maxDepth: number): { tooDeep: boolean; inexact?: Array<string | number> } {
  let inexact: Visit | undefined;
  const stack: Visit[] = [{ value, depth: 1 }];
  while (stack.length) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'number' && Math.abs(v) > Number.MAX_SAFE_INTEGER) inexact ??= visit;
    if (v === null || typeof v !== 'object') continue;
    if (visit.depth > maxDepth) return { tooDeep: true };
    for (const [k, child] of Object.entries(v))
      stack.push({ value: child, depth: visit.depth + 1, key: Array.isArray(v) ? Number(k) : k, parent: visit });
  }
  if (!inexact) return { tooDeep: false };
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = inexact; at?.parent; at = at.parent) path.unshift(at.key!);
  return { tooDeep: false, inexact: path };
}

export const WaitSeconds = z
  .number('must be a number of seconds')
  .min(0, 'must be at least 0')
  .max(LIMITS.waitSeconds, `must be at most ${LIMITS.waitSeconds}`)
  .default(0);

// --- path and query parameters (what the OpenAPI document shows; handlers of ids answer 404 for a malformed one) ---
export const NodeParam = z.object({
  node_id: z.string().describe('A node id (UUID). Anything else, and ids of another person or tenant, are answered 404.'),
});
export const MessageParam = z.object({ message_id: z.string().describe('A message id (UUID) from an ingest answer; anything else is 404.') });
export const UserParam = z.object({ user_id: UserId });
/** The message-status query: ?wait=N seconds (the very field schema the handler parses `wait` with). */
export const WaitQuery = z.object({ wait: WaitSeconds });

/**
 * A number from the query string, for a number schema: digits with an optional fraction, else NaN (refused by
 * the schema). Unlike Number(), an empty or blank value is not 0.
 */
export function queryNumber(v: unknown): unknown {
  if (v === undefined) return undefined;
  return typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
}

/** The `safety` object of ingest answers. */
export function safetyBody(s: { crisisDetected: boolean; categories: string[] }) {
  return { crisis_detected: s.crisisDetected, categories: s.categories };
}
