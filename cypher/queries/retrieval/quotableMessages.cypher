// The words a memory came from, for the memories that will be rendered with them (src/retrieval/quotes.ts):
// processed messages of this person only, and none withheld (a memory drawn from it was deleted or fixed, so its
// words must not come back through another).
UNWIND $ids AS id
MATCH (n:Message {id: id, tenantId: $tenantId, userId: $userId})
WHERE n.status = 'done' AND n.withheld IS NULL AND n.text IS NOT NULL
RETURN n.id AS id, n.text AS text, n.speaker AS speaker, n.speakerName AS speakerName
