// Fix a memory's wording (PATCH /nodes/<id>). The replaced wording is kept as a Revision (it survives a single
// delete and appears in the v1 export, never in lists or retrieval); the memory gets the new wording, its new
// scores, fingerprint, broader words and vector. Entities are renamed through `topic` (their name). Domains are
// not fixed here. The question a framed answer was embedded with goes: the new wording is the person's own.
MATCH (m:Memory {id: $nodeId, tenantId: $tenantId, userId: $userId})
WHERE NOT m:Domain
// The messages it came from hold the wording the person corrected: withheld from quoting.
CALL (m) {
  MATCH (m)-[:DERIVED_FROM]->(msg:Message {tenantId: $tenantId, userId: $userId})
  SET msg.withheld = true
}
CREATE (r:Revision {id: randomUUID(), tenantId: $tenantId, userId: $userId, memoryId: m.id,
                    topic: coalesce(m.topic, m.name), text: m.summary, replacedAt: datetime()})
CREATE (m)-[:REPLACED_WORDING]->(r)
SET m.summary = $summary,
    m.askedWith = null,
    m.topic = CASE WHEN m:Entity THEN m.topic ELSE coalesce($topic, m.topic) END,
    m.name = CASE WHEN m:Entity THEN coalesce($topic, m.name) ELSE m.name END,
    m.s1 = $scoring.s1, m.s2 = $scoring.s2, m.s3 = $scoring.s3, m.s4 = $scoring.s4, m.s5 = $scoring.s5,
    m.baseScore = $scoring.baseScore, m.decayModifier = $scoring.decayModifier, m.categories = $scoring.categories,
    m.standing = CASE WHEN m:Facet THEN $scoring.standing END,
    m.fingerprint = CASE WHEN m:Facet THEN $fingerprint ELSE m.fingerprint END,
    m.polarity = $polarity, m.keyWords = $keyWords,
    m.broader = CASE WHEN m:Entity THEN m.broader ELSE $broader END,
    m.embedding = $embedding, m.embeddingModel = $embeddingModel,
    m.updatedAt = datetime(), m.lastRelevantAt = datetime()
WITH m
MATCH (u:EndUser {tenantId: $tenantId, userId: $userId})
SET u.memoryVersion = coalesce(u.memoryVersion, 0) + 1
RETURN m.id AS id
