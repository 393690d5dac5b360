// The kinds of PII the scrubber finds and the marker each finding becomes.

export type PiiKind = 'ssn' | 'credit_card' | 'cvv' | 'bank_account' | 'routing_number' | 'passport' | 'drivers_license';

/** What a metadata key may name besides the kinds found in text: other identity numbers and credentials. */
export type SecretKind = PiiKind | 'tax_id' | 'national_id' | 'credential';

export interface PiiScrubResult {
  text: string;
  /** How many findings of each kind were redacted; kinds without findings are absent. */
  redactions: Partial<Record<PiiKind, number>>;
}

export function redactionMarker(kind: SecretKind): string {
  return `[REDACTED:${kind}]`;
}
