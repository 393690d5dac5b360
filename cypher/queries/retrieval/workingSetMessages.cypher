// Some of the person's messages as the in-process lexical channels read them (src/retrieval/personTexts.ts): the
// text (already scrubbed of PII when stored) and when it was said.
UNWIND $ids AS id
MATCH (n:Message {id: id, tenantId: $tenantId, userId: $userId})
RETURN n.id AS id, n.text AS text, n.eventTime.epochMillis AS eventMs
