// Field schemas shared by the route sets, with the limits documented in docs/integrating.md.
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
export const Metadata = z
  .record(z.string().max(100), z.unknown())
  .superRefine((m, ctx) => {
    if (nestingDepth(m, LIMITS.metadataDepth) > LIMITS.metadataDepth)
      ctx.addIssue({ code: 'custom', message: `must be nested at most ${LIMITS.metadataDepth} levels deep` });
    else if (Buffer.byteLength(JSON.stringify(m), 'utf8') > LIMITS.metadataBytes)
      ctx.addIssue({ code: 'custom', message: `must be at most ${LIMITS.metadataBytes} bytes as JSON` });
    else {
      const inexact = inexactNumberPath(m);
      if (inexact)
        ctx.addIssue({
          code: 'custom',
          path: inexact,
          message: `is a number beyond ${Number.MAX_SAFE_INTEGER}, which JSON does not keep exactly; send it as a string`,
        });
    }
  });

/**
 * Where a number lies that JSON parsing has already rounded: its digits are neither the ones sent nor safe to scan
 * (a 19-digit card number arrives as a different 19-digit number), so it is refused rather than stored.
 */
function inexactNumberPath(value: unknown): Array<string | number> | undefined {
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'number' && Math.abs(v) > Number.MAX_SAFE_INTEGER) return path;
    if (v === null || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v)) stack.push([child, [...path, Array.isArray(v) ? Number(k) : k]]);
  }
  return undefined;
}

/** Levels of objects and arrays (the value itself is level 1), counted with a stack; stops past `stopAfter`. */
function nestingDepth(value: unknown, stopAfter: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > stopAfter) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export const WaitSeconds = z
  .number('must be a number of seconds')
  .min(0, 'must be at least 0')
  .max(LIMITS.waitSeconds, `must be at most ${LIMITS.waitSeconds}`)
  .default(0);

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
