// States a new fact says are over ("I'm not vegetarian anymore" after "I'm vegetarian", "I no longer work at Tesco"
// after "I work at Tesco", "I'm eating meat again" after "I don't eat meat"): a fact of the same subject that stood
// as a constraint or as who they are, said it as the ended state says (ended.polarity) and holds every key word of it
// is a former one (StoredStanding in src/ingest/analysis/signals.ts): it stands no more and ranks below the newer
// fact, beside which meaning still finds it, with its words and date. A pinned fact stays as the person pinned it. In
// a batch of messages, the facts later messages file or restate are left as those say (e.laterIds); this runs after
// the restatements.
UNWIND $endings AS e
UNWIND e.ends AS ended
MATCH (:Memory:Entity {id: e.subjectId, tenantId: $tenantId, userId: $userId})-[:HAS_FACET]->(old:Memory:Facet)
WHERE old.tenantId = $tenantId AND old.userId = $userId AND old.standing IN ['constraint', 'identity'] AND old.polarity = ended.polarity
  AND old.id <> e.id AND NOT old.id IN e.laterIds AND NOT coalesce(old.pinned, false)
  AND all(w IN ended.words WHERE w IN coalesce(old.keyWords, []))
SET old.standing = 'former', old.updatedAt = datetime()
RETURN count(DISTINCT old) AS ended
