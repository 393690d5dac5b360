// What a message puts right of the speaker's earlier one ("Sorry, it's Thursday not Tuesday" after "My dentist
// appointment is on Tuesday"). The earlier message's memories that hold every word replaced are archived: kept,
// marked in the v1 list and export, left out of retrieval and of the b2c list. The correcting message's memories
// that hold the words replacing them are linked (new)-[:CORRECTS]->(old). The earlier message is withheld from
// quoting and from the channels that search what was said, as a fix withholds it. A pinned memory stays as the
// person pinned it; an interest goes only when that message alone said it (others said it too otherwise).
UNWIND $corrections AS c
MATCH (earlier:Message {id: c.earlierId, tenantId: $tenantId, userId: $userId})
MATCH (old:Memory)-[:DERIVED_FROM]->(earlier)
WHERE old.tenantId = $tenantId AND old.userId = $userId AND (old:Facet OR old:Interest) AND NOT coalesce(old.pinned, false)
  AND NOT EXISTS { (old)-[:DERIVED_FROM]->(:Message {id: c.messageId}) }
  AND CASE WHEN old:Facet THEN all(w IN c.wrongWords WHERE w IN coalesce(old.keyWords, []))
           ELSE all(w IN c.wrongWords WHERE toLower(old.topic) CONTAINS w) AND COUNT { (old)-[:DERIVED_FROM]->() } = 1 END
SET old.archived = true, old.updatedAt = datetime(), earlier.withheld = true
WITH DISTINCT c, old
CALL (c, old) {
  MATCH (new:Memory)-[:DERIVED_FROM]->(:Message {id: c.messageId, tenantId: $tenantId, userId: $userId})
  WHERE new.tenantId = $tenantId AND new.userId = $userId AND (new:Facet OR new:Interest)
    AND size(c.rightWords) > 0 AND all(w IN c.rightWords WHERE w IN coalesce(new.keyWords, []) OR toLower(coalesce(new.topic, '')) CONTAINS w)
  MERGE (new)-[:CORRECTS]->(old)
  RETURN count(new) AS linked
}
RETURN count(DISTINCT old) AS archived, sum(linked) AS linked
