// The kinds of PII the scrubber finds and the marker each finding becomes.

export type PiiKind = 'ssn' | 'credit_card' | 'cvv' | 'bank_account' | 'routing_number' | 'passport' | 'drivers_license';

export interface PiiScrubResult {
  text: string;
  /** How many findings of each kind were redacted; kinds without findings are absent. */
  redactions: Partial<Record<PiiKind, number>>;
}

export function redactionMarker(kind: PiiKind): string {
  return `[REDACTED:${kind}]`;
}
